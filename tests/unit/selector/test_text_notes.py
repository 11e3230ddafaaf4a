"""A text slot written `note: true` (a reason) ends before the marks typed after it, which end
the sentence; a message keeps its own ("saying it ships today."). Only a text slot is a note."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector, Vocabulary, VocabularyError

from .conftest import WriteVocabulary
from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "reason"),
    [
        ("cancel order 7113, reason: wrong colour.", "en", "wrong colour"),
        ("cancel order 7113 because the box was crushed!", "en", "the box was crushed"),
        ("cancela o pedido 7113. Motivo: cor errada.", "pt-BR", "cor errada"),
    ],
)
def test_a_reason_ends_before_the_full_stop_that_ends_the_turn(
    shop: Selector, text: str, language: str, reason: str
) -> None:
    assert calls(shop.plan(text, language)) == [
        ("cancel_order", {"order_id": "7113", "reason": reason})
    ]


def test_a_message_keeps_the_full_stop_typed_after_it(shop: Selector) -> None:
    plan = shop.plan("email rui@shop.example with subject Hi and say It ships today.", "en")
    assert calls(plan) == [
        (
            "send_email",
            {"to": "rui@shop.example", "subject": "Hi", "body": "It ships today."},
        )
    ]


def test_a_note_that_is_not_text_is_refused(write_vocabulary: WriteVocabulary) -> None:
    path = write_vocabulary(
        """
        tools:
          find_order:
            slots:
              order_id: {type: identifier, note: true}
            phrases:
              en: ["find order {order_id}"]
        """
    )
    with pytest.raises(VocabularyError, match="only a text slot is a note"):
        Vocabulary.load(path, {"find_order": ["order_id"]})


def test_a_note_s_span_stops_where_its_words_do(shop: Selector) -> None:
    text = "cancel order 7113, reason: wrong colour."
    value = shop.plan(text, "en").calls[0].args["reason"]
    start, end = value.span
    assert text[start:end] == "wrong colour"
