"""A story told before the request ("I placed order 2210 on March 3rd, can you check on it?") is
read past, its numbers and dates included: a thing named there with its value is the request's
to take, and no other number of the story ever becomes a value or a call."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        (
            "I placed order 5870 on May 2nd, can you check on it?",
            "en",
            [("find_order", {"order_id": "5870"})],
        ),
        (
            "it's the 3rd today, charge $20 to order 6100",
            "en",
            [("charge_card", {"amount": 20, "order_id": "6100"})],
        ),
        (
            "fiz o pedido 5870 dia 2 de maio, cancela ele",
            "pt-BR",
            [("cancel_order", {"order_id": "5870"})],
        ),
        (
            "hey hope the week was good. reopen 5870 pls",
            "en",
            [("reopen_order", {"order_id": "5870"})],
        ),
    ],
)
def test_a_story_before_the_request_is_read_past(
    shop: Selector, text: str, language: str, expected: list[tuple[str, dict[str, object]]]
) -> None:
    assert calls(shop.plan(text, language)) == expected


def test_a_number_of_the_story_never_becomes_a_value(shop: Selector) -> None:
    plan = calls(shop.plan("the total came to 55 last week, charge order 6100", "en"))
    assert plan in ([], [("charge_card", {"order_id": "6100"})])


@pytest.mark.parametrize(
    ("text", "language"),
    [
        # A thing named in passing that no call takes is never a call of its own.
        ("order 6100 arrived on the 2nd, refund ch-31 $5", "en"),
        # A story that names a tool, reports or supposes is not read past.
        ("I was charged 40 twice on the 2nd, refund ch-31", "en"),
        ("the customer said 6100 on the 2nd, cancel it", "en"),
        ("o cliente disse 6100 no dia 2, cancela ele", "pt-BR"),
    ],
)
def test_a_story_that_is_more_than_a_story_leaves_the_turn_unread(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == []
