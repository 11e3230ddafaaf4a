"""A field named after a comma, or joined by "with" or "and", once the message is written
("saying we ship Monday, subject Delivery", "... with subject Delivery") is its own field, never
more of the message: the message ends before it."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "subject", "body"),
    [
        (
            "email rosa@plants.example saying We ship on Monday, subject Delivery",
            "en",
            "Delivery",
            "We ship on Monday",
        ),
        (
            "send an email to rosa@plants.example saying sorry, it is late; subject: Your parcel",
            "en",
            "Your parcel",
            "sorry, it is late",
        ),
        (
            "manda um email pra rosa@plants.example dizendo Chega segunda, assunto Entrega",
            "pt-BR",
            "Entrega",
            "Chega segunda",
        ),
        (
            "email rosa@plants.example saying We ship on Monday with subject Delivery",
            "en",
            "Delivery",
            "We ship on Monday",
        ),
        (
            "email rosa@plants.example saying We ship on Monday and subject Delivery",
            "en",
            "Delivery",
            "We ship on Monday",
        ),
        (
            "manda um email pra rosa@plants.example dizendo Chega segunda com assunto Entrega",
            "pt-BR",
            "Entrega",
            "Chega segunda",
        ),
    ],
)
def test_a_subject_after_the_message_is_the_subject(
    shop: Selector, text: str, language: str, subject: str, body: str
) -> None:
    assert calls(shop.plan(text, language)) == [
        ("send_email", {"to": "rosa@plants.example", "subject": subject, "body": body})
    ]


def test_a_subject_after_the_message_follows_another_call(shop: Selector) -> None:
    plan = shop.plan(
        "reopen 2204, then email li@shop.example saying Back on, subject Reopened", "en"
    )
    assert calls(plan) == [
        ("reopen_order", {"order_id": "2204"}),
        ("send_email", {"to": "li@shop.example", "subject": "Reopened", "body": "Back on"}),
    ]


@pytest.mark.parametrize(
    ("text", "body"),
    [
        (
            "email rosa@plants.example saying the subject line was wrong",
            "the subject line was wrong",
        ),
        (
            "email rosa@plants.example saying prices are subject to change",
            "prices are subject to change",
        ),
    ],
)
def test_the_word_inside_the_message_stays_in_it(shop: Selector, text: str, body: str) -> None:
    assert calls(shop.plan(text, "en")) == [
        ("send_email", {"to": "rosa@plants.example", "body": body})
    ]
