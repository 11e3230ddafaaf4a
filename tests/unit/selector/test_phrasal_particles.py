"""A verb's particle may follow the pronoun it governs: "look it up" reads as "look up it", so the
thing said before it is looked up; a negated "look it up" still plans nothing."""

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
