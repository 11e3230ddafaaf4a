"""A question stays a question with thanks or a sign-off after its "?": "can I charge an order
twice? thanks" asks about a kind of thing, so no plan, and "is 5830 paid? cheers" still reads."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("can I charge an order twice? thanks", "en"),
        ("can you refund a charge after a month? cheers, bye", "en"),
        ("dá pra cancelar pedido que já foi pago? valeu", "pt-BR"),
        ("posso reabrir pedido cancelado? obrigada!", "pt-BR"),
    ],
)
def test_a_question_of_policy_before_thanks_plans_nothing(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == []


@pytest.mark.parametrize(
    ("text", "language"),
    [("is 5830 paid? cheers", "en"), ("o 5830 já foi pago? valeu", "pt-BR")],
)
def test_a_question_about_a_thing_before_thanks_reads_it(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == [("find_order", {"order_id": "5830"})]
