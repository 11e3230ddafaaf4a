"""A suggestion never gives a slot a value the turn plainly means as something else: a number
with cents is an amount, never an order; "one" in "the mug one" or "no one" is no amount; a
day of the month is no order; a number its currency marks is no order."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector


@pytest.mark.parametrize(
    ("text", "language", "not_offered"),
    [
        (
            "right so uh, long day, anyway charge 4409 for 27.50 tomorrow",
            "en",
            "Charge 4409 to the order 27.50",
        ),
        (
            "it's not paid yet, so charge 1836 for 29.95 later",
            "en",
            "Charge 1836 to the order 29.95",
        ),
        ("passa o 5296 no cartão, deu 58,90", "pt-BR", "Cobrar 5296 do pedido 58,90 no cartão"),
        ("charge 6307 85 cents tomorrow", "en", "Charge 6307 to the order 85"),
        (
            "the mug one, ch-4452, she only got half the set so give her back 18 tomorrow",
            "en",
            "Refund 1 from the charge ch-4452",
        ),
        ("no one has paid 2718 yet, charge it", "en", "Charge 1 to the order 2718"),
        (
            "hoje é dia 15 e o pedido 1257 era pra ter chegado dia 10, da uma olhada nele",
            "pt-BR",
            "Buscar o pedido 15",
        ),
        (
            "fiz uma venda dia 14 de novembro, pedido 7017, vê se saiu certinho pra mim",
            "pt-BR",
            "Buscar o pedido 14",
        ),
    ],
)
def test_a_suggestion_gives_no_slot_a_value_meant_as_something_else(
    shop: Selector, text: str, language: str, not_offered: str
) -> None:
    plan = shop.plan(text, language)
    assert plan.unread
    assert not_offered not in plan.suggestions


@pytest.mark.parametrize(
    ("text", "language", "suggestion"),
    [
        (
            "right so uh, long day, anyway charge 4409 for 27.50 tomorrow",
            "en",
            "Charge 27.50 to the order 4409",
        ),
        (
            "hoje é dia 15 e o pedido 1257 era pra ter chegado dia 10, da uma olhada nele",
            "pt-BR",
            "Buscar o pedido 1257",
        ),
    ],
)
def test_a_suggestion_takes_the_value_the_turn_means(
    shop: Selector, text: str, language: str, suggestion: str
) -> None:
    plan = shop.plan(text, language)
    assert plan.unread
    assert suggestion in plan.suggestions


def test_a_number_marked_as_money_in_another_currency_is_no_order(shop: Selector) -> None:
    text = "estorna 20 dólares na ch-6684 e manda email pra lu@example.com avisando que saiu"
    plan = shop.plan(text, "pt-BR")
    assert plan.unread
    assert "Buscar o pedido 20" not in plan.suggestions
