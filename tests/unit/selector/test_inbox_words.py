"""A mailbox is the inbox, and so is "o inbox" in pt-BR chat."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("open the mailbox please", "en"),
        ("could you check my mailbox", "en"),
        ("checa o inbox", "pt-BR"),
        ("lê o inbox pra mim", "pt-BR"),
    ],
)
def test_a_mailbox_is_the_inbox(shop: Selector, text: str, language: str) -> None:
    assert calls(shop.plan(text, language)) == [("read_inbox", {})]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("don't open the mailbox", "en"),
        ("não abre o inbox", "pt-BR"),
    ],
)
def test_a_negated_mailbox_stays_unread(shop: Selector, text: str, language: str) -> None:
    assert shop.plan(text, language).unread
