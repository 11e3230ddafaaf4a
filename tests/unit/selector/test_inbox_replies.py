"""Asking whether anyone has written or answered reads the inbox, in the perfect tense too
("has anybody messaged us?") and in pt-BR with a reply ("alguém respondeu a mensagem?")."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("has anybody messaged us?", "en"),
        ("has anyone emailed us this morning?", "en"),
        ("has someone written to us?", "en"),
        ("alguém respondeu a nossa mensagem?", "pt-BR"),
        ("alguem retornou o email?", "pt-BR"),
        ("será que alguém já respondeu?", "pt-BR"),
    ],
)
def test_asking_who_wrote_reads_the_inbox(shop: Selector, text: str, language: str) -> None:
    assert calls(shop.plan(text, language)) == [("read_inbox", {})]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("has anybody messaged us about order 4411?", "en"),
        ("has nobody emailed us?", "en"),
        ("se alguém respondeu, cancela o pedido 4411", "pt-BR"),
        ("alguém respondeu o cliente disse que sim", "pt-BR"),
        ("ninguém respondeu?", "pt-BR"),
    ],
)
def test_a_reply_with_more_to_it_stays_unread(shop: Selector, text: str, language: str) -> None:
    assert calls(shop.plan(text, language)) == []
