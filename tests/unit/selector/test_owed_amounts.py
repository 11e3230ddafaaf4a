"""Charging an order "the $89 it owes", "the missing $19" or "the remaining $22.40" charges that
amount: the words around the amount say what it is. Two bare numbers with nothing between them
still say nothing of which is which."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "order", "amount"),
    [
        ("charge order 6117 the $89 it owes", "6117", 89),
        ("charge 7093 the $210 they owe", "7093", 210),
        ("instead of refunding ch-7347, just charge order 3584 the missing $19", "3584", 19),
        ("rather than a refund, just charge order 3860 the remaining $22.40", "3860", 22.4),
    ],
)
def test_the_amount_an_order_owes_is_charged(
    shop: Selector, text: str, order: str, amount: float
) -> None:
    assert calls(shop.plan(text, "en")) == [("charge_card", {"order_id": order, "amount": amount})]


def test_the_portuguese_charge_is_unchanged(shop: Selector) -> None:
    assert calls(shop.plan("cobra 19 dólares do pedido 3584", "pt-BR")) == [
        ("charge_card", {"order_id": "3584", "amount": 19})
    ]


@pytest.mark.parametrize("text", ["charge 40 4411", "charge 4411 40", "don't charge 6117 the $89"])
def test_nothing_between_two_numbers_or_a_negation_charges_nothing(
    shop: Selector, text: str
) -> None:
    assert calls(shop.plan(text, "en")) == []
