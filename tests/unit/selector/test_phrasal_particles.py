"""A verb's particle may follow the pronoun it governs: "look it up" reads as "look up it", so the
thing said before it is looked up; a negated "look it up" still plans nothing. So may it follow
an amount with its currency mark: "hand $30 back" reads as "hand back $30"."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    "text",
    [
        "don't refund 6620 yet, just look it up",
        "order 6620 is late, can you pull it up",
        "order 6620, look it up please",
    ],
)
def test_the_thing_before_look_it_up_is_looked_up(shop: Selector, text: str) -> None:
    assert calls(shop.plan(text, "en")) == [("find_order", {"order_id": "6620"})]


@pytest.mark.parametrize("text", ["don't look it up, order 6620", "look it up? no, order 6620"])
def test_a_negated_look_it_up_plans_nothing(shop: Selector, text: str) -> None:
    assert calls(shop.plan(text, "en")) == []


@pytest.mark.parametrize(
    ("text", "amount"),
    [
        ("hand $30 back on ch-5120", 30),
        ("give the 30 dollars back from charge ch-5120", 30),
        ("send 12.50 bucks back on ch-5120", 12.5),
        ("pay $30 back to the customer on ch-5120", 30),
        ("give US$ 30 back to him from ch-5120", 30),
    ],
)
def test_an_amount_before_back_is_given_back(shop: Selector, text: str, amount: float) -> None:
    assert calls(shop.plan(text, "en")) == [
        ("refund_card", {"amount": amount, "charge_id": "ch-5120"})
    ]


@pytest.mark.parametrize(
    "text",
    [
        "don't hand $30 back on ch-5120",
        "if she complains, give $30 back on ch-5120",
        "she said to send $30 back on ch-5120",
        "never give 30 dollars back from charge ch-5120",
    ],
)
def test_a_negated_or_supposed_give_back_plans_nothing(shop: Selector, text: str) -> None:
    assert calls(shop.plan(text, "en")) == []


def test_a_number_without_a_currency_keeps_its_place(shop: Selector) -> None:
    assert calls(shop.plan("bring order 5120 back", "en")) == [
        ("reopen_order", {"order_id": "5120"})
    ]
