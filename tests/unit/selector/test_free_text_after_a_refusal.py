"""After a refused act, a message's free text is typed for its field: a word there that supposes
or asks elsewhere ("que", "if", "what") is the field's, so the email is read; a supposition
before the fields still keeps the turn unread."""

from __future__ import annotations

from typing import Any

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "args"),
    [
        (
            "esquece o recibo, manda um email pro bia@example.com com assunto Atraso e texto "
            "chega semana que vem",
            "pt-BR",
            {"to": "bia@example.com", "subject": "Atraso", "body": "chega semana que vem"},
        ),
        (
            "don't refund ch-2210, just email kim@example.com saying we'll see what we can do",
            "en",
            {"to": "kim@example.com", "body": "we'll see what we can do"},
        ),
        (
            "skip the receipt, email kim@example.com with subject Update and body let me know "
            "if it arrives",
            "en",
            {"to": "kim@example.com", "subject": "Update", "body": "let me know if it arrives"},
        ),
    ],
)
def test_an_email_after_a_refusal_keeps_its_free_text(
    shop: Selector, text: str, language: str, args: dict[str, Any]
) -> None:
    assert calls(shop.plan(text, language)) == [("send_email", args)]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("if she paid, don't refund, email kim@example.com saying thanks", "en"),
        ("se ela pagou, não cancela, manda email pra ana@example.com dizendo obrigado", "pt-BR"),
        ("don't email kim@example.com saying we'll see what we can do", "en"),
    ],
)
def test_a_supposed_or_refused_email_stays_unread(shop: Selector, text: str, language: str) -> None:
    assert calls(shop.plan(text, language)) == []
