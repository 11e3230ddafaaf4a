"""An id that owns the noun after it ("save 6120's receipt", "what's 6120's total", "cancel
6120's order") reads as the noun with the id after it; the value is the id as typed, without
its "'s", and a refused act stays refused."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("save 6120's receipt", [("save_receipt", {"order_id": "6120"})]),
        (
            "no need for an email, just print 6120\u2019s receipt",
            [("save_receipt", {"order_id": "6120"})],
        ),
        ("what's 6120's total", [("find_order", {"order_id": "6120"})]),
        ("is 6120's payment through?", [("find_order", {"order_id": "6120"})]),
        ("cancel 6120's order", [("cancel_order", {"order_id": "6120"})]),
        (
            "refund ch-6120's charge $5",
            [("refund_card", {"charge_id": "ch-6120", "amount": 5})],
        ),
        (
            "reopen 6120's order and save its receipt",
            [("reopen_order", {"order_id": "6120"}), ("save_receipt", {"order_id": "6120"})],
        ),
    ],
)
def test_an_id_that_owns_a_noun_is_read_as_that_nouns_id(
    shop: Selector, text: str, expected: list[tuple[str, dict[str, object]]]
) -> None:
    assert calls(shop.plan(text, "en")) == expected


def test_the_owning_id_keeps_where_it_was_typed(shop: Selector) -> None:
    text = "save 6120's receipt"
    [call] = shop.plan(text, "en").calls
    start, end = call.args["order_id"].span or (0, 0)
    assert text[start:end] == "6120"


@pytest.mark.parametrize(
    "text",
    ["don't save 6120's receipt", "never cancel 6120's order", "the 1990's were great"],
)
def test_a_refused_or_unowned_one_plans_nothing(shop: Selector, text: str) -> None:
    plan = shop.plan(text, "en")
    assert calls(plan) == []
    assert all("ancel" not in s and "Save" not in s for s in plan.suggestions)


def test_a_look_after_a_refused_owned_act_stays(shop: Selector) -> None:
    plan = shop.plan("don't cancel 6120's order, just look it up", "en")
    assert calls(plan) == [("find_order", {"order_id": "6120"})]
