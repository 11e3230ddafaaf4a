"""English turns: phrase variety, word order, fillers, articles, case and punctuation."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls

CHARGE = [("charge_card", {"amount": 40, "order_id": "4411"})]


@pytest.mark.parametrize(
    "text",
    [
        "charge 40 to order 4411",
        "please charge 40 to order 4411",
        "could you charge $40 to the order 4411 please",
        "Could you please charge $40.00 to order #4411?",
        "I'd like to charge 40 to order 4411, thanks",
        "CHARGE 40 TO ORDER 4411!!!",
        "charge 40 dollars to order number 4411",
        "bill 40 bucks to order 4411",
        "charge order 4411 $40",
        "bill order 4411 for 40 dollars",
        "charge the card 40 for order 4411",
        "put a $40 charge on order 4411",
        "make a charge of $40 on order 4411",
        "hey, can you just charge forty to my order 4411 now?",
        "ok, charge 40 to order 4411",
        "charge the customer $40 for order 4411",
        "charge 40 to the card for order 4411",
        "charge 40.00 USD to order 4411",
    ],
)
def test_a_charge_reads_however_it_is_put(shop: Selector, text: str) -> None:
    assert calls(shop.plan(text, "en")) == CHARGE


@pytest.mark.parametrize(
    "text",
    [
        "find order 4411",
        "show me order 4411",
        "look up the order 4411",
        "pull up order 4411",
        "where is my order 4411?",
        "what's the status of order 4411",
        "What’s the status of order 4411?",  # noqa: RUF001 - a typographic apostrophe
        "status of order 4411",
        "order 4411 details",
        "tell me about order 4411",
        "find order no. 4411",
        "find the order with id 4411",
        "order 4411",
    ],
)
def test_an_order_is_found_however_it_is_asked_for(shop: Selector, text: str) -> None:
    assert calls(shop.plan(text, "en")) == [("find_order", {"order_id": "4411"})]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("read my inbox", [("read_inbox", {})]),
        ("any new emails?", [("read_inbox", {})]),
        ("are there any new messages", [("read_inbox", {})]),
        ("cancel order 4411", [("cancel_order", {"order_id": "4411"})]),
        ("void the order 4411 please", [("cancel_order", {"order_id": "4411"})]),
        (
            "cancel order 4411 because the customer asked",
            [("cancel_order", {"order_id": "4411", "reason": "the customer asked"})],
        ),
        ("refund charge ch-4411", [("refund_card", {"charge_id": "ch-4411"})]),
        (
            "refund $12.50 from charge ch-4411",
            [("refund_card", {"amount": 12.5, "charge_id": "ch-4411"})],
        ),
        (
            "refund charge ch-4411 40",
            [("refund_card", {"charge_id": "ch-4411", "amount": 40})],
        ),
    ],
)
def test_every_shop_tool_reads_in_english(
    shop: Selector, text: str, expected: list[tuple[str, dict[str, object]]]
) -> None:
    assert calls(shop.plan(text, "en")) == expected


def test_an_identifier_keeps_its_case_and_marks(shop: Selector) -> None:
    assert calls(shop.plan("look up order A-17/b", "en")) == [
        ("find_order", {"order_id": "A-17/b"})
    ]


def test_free_text_is_kept_exactly_as_typed(shop: Selector) -> None:
    plan = shop.plan(
        "send an email to maria@example.com about Your Order #4411 saying It ships today!", "en"
    )

    assert calls(plan) == [
        (
            "send_email",
            {"to": "maria@example.com", "subject": "Your Order #4411", "body": "It ships today!"},
        )
    ]


def test_a_joiner_between_free_text_and_the_next_word_of_the_phrase_is_skipped(
    shop: Selector,
) -> None:
    plan = shop.plan(
        "send an email to maria@example.com with subject delay and body sorry for the wait", "en"
    )

    assert calls(plan) == [
        (
            "send_email",
            {"to": "maria@example.com", "subject": "delay", "body": "sorry for the wait"},
        )
    ]


def test_free_text_at_the_end_of_a_phrase_keeps_its_last_word(shop: Selector) -> None:
    plan = shop.plan("send an email to maria@example.com saying we shipped it", "en")

    assert plan.calls[0].args["body"].value == "we shipped it"


def test_courtesy_at_the_end_stays_out_of_free_text(shop: Selector) -> None:
    plan = shop.plan("cancel order 4411 because the customer asked, please", "en")

    assert plan.calls[0].args["reason"].value == "the customer asked"


def test_courtesy_inside_free_text_is_kept(shop: Selector) -> None:
    plan = shop.plan("email maria@example.com saying thanks for waiting", "en")

    assert plan.calls[0].args["body"].value == "thanks for waiting"


def test_free_text_may_be_courtesy_alone(shop: Selector) -> None:
    plan = shop.plan("email maria@example.com saying thank you", "en")

    assert plan.calls[0].args["body"].value == "thank you"


def test_would_you_be_able_to_frames_a_request(shop: Selector) -> None:
    assert calls(shop.plan("would you be able to charge $99.99 to order 2210?", "en")) == [
        ("charge_card", {"amount": 99.99, "order_id": "2210"})
    ]
