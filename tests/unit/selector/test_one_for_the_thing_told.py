"""After a clause that tells of a thing the person has not got ("I never got a receipt for
5260"), "one" in the request stands for that thing ("save one"), as "it" would; a "one" with no
such thing before it, or beside a refusal of the act, plans nothing new."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        (
            "I never got a receipt for order 5260, could you save one?",
            "en",
            [("save_receipt", {"order_id": "5260"})],
        ),
        (
            "não recebi recibo nenhum do pedido 5260, salva um pra mim",
            "pt-BR",
            [("save_receipt", {"order_id": "5260"})],
        ),
    ],
)
def test_one_stands_for_the_thing_the_fact_told(
    shop: Selector, text: str, language: str, expected: list[tuple[str, dict[str, object]]]
) -> None:
    assert calls(shop.plan(text, language)) == expected


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("I never got a receipt for order 5260, don't save one", "en"),
        ("don't save a receipt for order 5260, save one", "en"),
        ("I never got order 5260, save one", "en"),
        ("não salva recibo do pedido 5260, salva um", "pt-BR"),
    ],
)
def test_one_with_no_thing_told_or_a_refused_act_plans_nothing(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == []
