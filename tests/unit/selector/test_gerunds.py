"""An English verb's -ing form after a polite frame reads as the verb, and a negation still wins."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "would you mind charging $15 to order 3021?",
            ("charge_card", {"amount": 15, "order_id": "3021"}),
        ),
        ("would you mind cancelling order 3021", ("cancel_order", {"order_id": "3021"})),
        ("mind reopening order 3021 for me?", ("reopen_order", {"order_id": "3021"})),
        ("would you mind canceling 3021, thanks", ("cancel_order", {"order_id": "3021"})),
    ],
)
def test_a_verbs_ing_form_reads_as_the_verb(
    shop: Selector, text: str, expected: tuple[str, dict[str, object]]
) -> None:
    assert calls(shop.plan(text, "en")) == [expected]


@pytest.mark.parametrize(
    "text",
    [
        "stop charging order 3021",
        "no charging $15 to order 3021",
        "don't be charging order 3021 $15",
        "stop canceling 3021",
    ],
)
def test_a_negated_ing_form_plans_nothing(shop: Selector, text: str) -> None:
    assert calls(shop.plan(text, "en")) == []
