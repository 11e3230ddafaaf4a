"""An aside of words in brackets is a clause of its own, as between commas: after a cancel it
is the reason ("cancel order 2214 (wrong colour) and reopen 2210"); an aside holding a value names
its clause's thing ("my mug (order 5521) never showed up"); brackets inside free text stay."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        (
            "cancel order 2214 (wrong colour) and reopen 2210",
            "en",
            [
                ("cancel_order", {"order_id": "2214", "reason": "wrong colour"}),
                ("reopen_order", {"order_id": "2210"}),
            ],
        ),
        (
            "cancel 6120 (customer changed her mind), then save the receipt for 6121",
            "en",
            [
                ("cancel_order", {"order_id": "6120", "reason": "customer changed her mind"}),
                ("save_receipt", {"order_id": "6121"}),
            ],
        ),
        (
            "kill 3301 (dupe)",
            "en",
            [("cancel_order", {"order_id": "3301", "reason": "dupe"})],
        ),
        (
            "cancela o pedido 8812 (tamanho errado) e reabre o 8810",
            "pt-BR",
            [
                ("cancel_order", {"order_id": "8812", "reason": "tamanho errado"}),
                ("reopen_order", {"order_id": "8810"}),
            ],
        ),
        (
            "cancela o 5140 (cliente desistiu)",
            "pt-BR",
            [("cancel_order", {"order_id": "5140", "reason": "cliente desistiu"})],
        ),
    ],
)
def test_an_aside_of_words_is_a_clause_of_its_own(
    shop: Selector, text: str, language: str, expected: list[tuple[str, dict[str, str]]]
) -> None:
    assert calls(shop.plan(text, language)) == expected


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        (
            "my mug (order 5521) never showed up, can you look it up?",
            "en",
            [("find_order", {"order_id": "5521"})],
        ),
        (
            "comprei uma caneca (pedido 5521) mês passado e nada chegou. cadê ele?",
            "pt-BR",
            [("find_order", {"order_id": "5521"})],
        ),
        (
            "email lee@example.com saying thanks (really) for the order",
            "en",
            [("send_email", {"to": "lee@example.com", "body": "thanks (really) for the order"})],
        ),
    ],
)
def test_an_aside_with_a_value_or_in_free_text_stays_in_its_clause(
    shop: Selector, text: str, language: str, expected: list[tuple[str, dict[str, str]]]
) -> None:
    assert calls(shop.plan(text, language)) == expected


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("don't cancel order 2214 (wrong colour)", "en"),
        ("não cancela o 2214 (cor errada)", "pt-BR"),
    ],
)
def test_a_refused_act_with_an_aside_plans_nothing(
    shop: Selector, text: str, language: str
) -> None:
    plan = shop.plan(text, language)
    assert calls(plan) == []
    assert not plan.suggestions
