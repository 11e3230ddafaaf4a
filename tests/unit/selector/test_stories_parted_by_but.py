"""A "but" ("mas") after a story parts it as a mark does ("I cancelled 1437 but I changed my
mind, can you reopen it?"): the request after the story takes the thing it named; a refused or
supposed request after the "but" still plans nothing."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "order"),
    [
        ("I cancelled 5140 but I changed my mind, can you reopen it?", "en", "5140"),
        ("we shut order 5140 last week but things changed, please reopen it", "en", "5140"),
        ("Cancelei o 5140 mas mudei de ideia, reabre ele?", "pt-BR", "5140"),
        ("fechei o pedido 5140 ontem mas a cliente voltou atrás, reabre ele pfv", "pt-BR", "5140"),
    ],
)
def test_a_request_after_a_story_and_but_is_read(
    shop: Selector, text: str, language: str, order: str
) -> None:
    assert calls(shop.plan(text, language)) == [("reopen_order", {"order_id": order})]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("I cancelled 5140 but don't reopen it", "en"),
        ("I cancelled 5140 but if she pays, reopen it", "en"),
        ("cancelei o 5140 mas não reabre ele", "pt-BR"),
        ("cancelei o 5140 mas se ela pagar, reabre ele", "pt-BR"),
    ],
)
def test_a_refused_or_supposed_request_after_a_story_and_but_stays_unread(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == []
