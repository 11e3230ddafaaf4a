"""Free text opened by a quote ends at its closing quote: what follows is never part of it."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    "text",
    [
        'email ana@shop.example with subject "Late parcel" saying it ships monday',
        "email ana@shop.example with subject “Late parcel” saying it ships monday",
    ],
)
def test_a_quoted_subject_ends_at_its_quote(shop: Selector, text: str) -> None:
    assert calls(shop.plan(text, "en")) == [
        (
            "send_email",
            {"to": "ana@shop.example", "subject": "Late parcel", "body": "it ships monday"},
        )
    ]


def test_words_after_a_quoted_subject_that_no_phrase_reads_leave_the_turn_unread(
    shop: Selector,
) -> None:
    text = 'manda email pra ana@shop.example com assunto "Atraso" explicando tudo direitinho'
    assert calls(shop.plan(text, "pt-BR")) == []


def test_a_quote_never_closed_leaves_the_text_as_typed(shop: Selector) -> None:
    text = 'email ana@shop.example saying "it ships monday'
    assert calls(shop.plan(text, "en")) == [
        ("send_email", {"to": "ana@shop.example", "body": "it ships monday"})
    ]
