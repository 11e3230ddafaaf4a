"""When a thing happened, said in passing ("this morning", "ontem"), does not change what the
request asks: the inbox is read, the order looked up; a negation still leaves the turn unread."""

from __future__ import annotations

from typing import Any

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "plan"),
    [
        ("who emailed us this morning?", "en", ("read_inbox", {})),
        ("any new emails from yesterday?", "en", ("read_inbox", {})),
        ("chegou email novo ontem?", "pt-BR", ("read_inbox", {})),
        ("busca o pedido 5402 de ontem", "pt-BR", ("find_order", {"order_id": "5402"})),
    ],
)
def test_a_time_said_in_passing_keeps_the_request(
    shop: Selector, text: str, language: str, plan: tuple[str, dict[str, Any]]
) -> None:
    assert calls(shop.plan(text, language)) == [plan]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("nobody emailed us this morning", "en"),
        ("não cancela o pedido 5402 ontem", "pt-BR"),
    ],
)
def test_a_time_keeps_every_guard(shop: Selector, text: str, language: str) -> None:
    assert shop.plan(text, language).unread
