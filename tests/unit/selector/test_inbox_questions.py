"""Asking whether someone wrote back, or whether any mail came in, asks to read the inbox, in
both languages."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("did anybody reply to us?", "en"),
        ("has someone written back yet?", "en"),
        ("who wrote to us?", "en"),
        ("who has emailed us?", "en"),
        ("quem escreveu?", "pt-BR"),
        ("quem mandou email hoje?", "pt-BR"),
        ("have we had any new messages?", "en"),
        ("did we receive any mail?", "en"),
        ("recebemos email novo?", "pt-BR"),
    ],
)
def test_asking_who_wrote_reads_the_inbox(shop: Selector, text: str, language: str) -> None:
    assert calls(shop.plan(text, language)) == [("read_inbox", {})]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("nobody replied to us", "en"),
        ("we haven't had any messages today", "en"),
        ("if we received any mail, tell me", "en"),
        ("if anybody replies to us, tell me", "en"),
        ("ninguém respondeu nosso email", "pt-BR"),
    ],
)
def test_saying_nobody_wrote_reads_nothing(shop: Selector, text: str, language: str) -> None:
    assert shop.plan(text, language).unread
