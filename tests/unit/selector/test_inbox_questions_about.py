"""A question about the inbox may end saying whom or what it is about ("anything in my inbox we
ought to worry about?", "anything in the inbox from the customer?"): a word a phrase holds only
in passing ("about", "customer") names no other tool there; a word that opens another tool's
phrase ("refund", "cancel") still does."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    "text",
    [
        "Anything in my inbox we ought to worry about?",
        "anything in the inbox we should worry about?",
        "anything in the inbox from the customer?",
    ],
)
def test_an_inbox_question_ending_about_reads_the_inbox(shop: Selector, text: str) -> None:
    assert calls(shop.plan(text, "en")) == [("read_inbox", {})]


@pytest.mark.parametrize(
    "text",
    [
        "anything in the inbox I should cancel order 4411 about?",
        "anything in the inbox I should refund?",
        "anything in the inbox about the refund?",
    ],
)
def test_an_inbox_question_that_names_another_act_stays_unread(shop: Selector, text: str) -> None:
    assert calls(shop.plan(text, "en")) == []
