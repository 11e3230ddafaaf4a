"""A purchase is an order to look up."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "order"),
    [
        ("look up purchase 7264", "en", "7264"),
        ("can you show me the purchase 1183?", "en", "1183"),
        # A question about one purchase asks to read it ("who" names the inbox's asker, no act).
        ("who made purchase 7264?", "en", "7264"),
    ],
)
def test_a_purchase_is_an_order_to_look_up(
    shop: Selector, text: str, language: str, order: str
) -> None:
    assert calls(shop.plan(text, language)) == [("find_order", {"order_id": order})]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("don't look up purchase 7264", "en"),
        ("if you look up purchase 7264, tell me", "en"),
    ],
)
def test_a_negated_purchase_look_up_stays_unread(shop: Selector, text: str, language: str) -> None:
    assert shop.plan(text, language).unread
