""" "Open 7209 again" and "open it back up" reopen an order, with or without the word "order",
as a shop owner says it; "open" alone, or opening the inbox again, never reopens one."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "order"),
    [
        ("open 6295 back up", "6295"),
        ("can you open 5821 again, the cancelled one", "5821"),
        ("I didn't mean to cancel 6295, open it back up", "6295"),
        ("don't cancel 7208, open 7209 again instead", "7209"),
    ],
)
def test_opening_an_order_again_reopens_it(shop: Selector, text: str, order: str) -> None:
    assert calls(shop.plan(text, "en")) == [("reopen_order", {"order_id": order})]


@pytest.mark.parametrize(
    ("text", "language", "order"),
    [
        ("abre o 7209 de novo", "pt-BR", "7209"),
        ("não cancela o 7208, abre o pedido 7209 de novo", "pt-BR", "7209"),
    ],
)
def test_abrir_de_novo_reopens_it_too(shop: Selector, text: str, language: str, order: str) -> None:
    assert calls(shop.plan(text, language)) == [("reopen_order", {"order_id": order})]


@pytest.mark.parametrize("text", ["open 4411", "open the inbox again", "don't open 4411 again"])
def test_open_alone_or_the_inbox_reopens_no_order(shop: Selector, text: str) -> None:
    assert "reopen_order" not in [tool for tool, _ in calls(shop.plan(text, "en"))]
