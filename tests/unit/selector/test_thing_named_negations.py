"""A negated act whose object is a thing's name ("não precisa ver pedido nenhum") says no to
looking that thing up, not to reading the inbox, which takes no value: the inbox request beside
it is read. Without such an object the act word still bars every tool it opens."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("no need to look up any order, just read the inbox", "en"),
        ("don't look at any orders, just check the inbox", "en"),
        ("não precisa ver pedido nenhum, só lê os emails", "pt-BR"),
        ("não precisa olhar pedido nenhum, só confere a caixa de entrada", "pt-BR"),
    ],
)
def test_the_inbox_beside_a_negated_look_at_orders_is_read(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == [("read_inbox", {})]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("no need to look anything up, just look in my inbox", "en"),
        ("don't look at my inbox, just check my inbox", "en"),
        ("não precisa ver nada, só vê a caixa de entrada", "pt-BR"),
    ],
)
def test_a_negated_act_without_a_things_name_still_bars_the_inbox(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == []


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("don't cancel 2561, just check the inbox", "en"),
        ("not cancelling 2561 after all, just check what's in the inbox", "en"),
        ("não cancela o 2561, só olha a caixa de entrada", "pt-BR"),
    ],
)
def test_the_inbox_beside_a_negated_act_on_an_order_is_whole_without_a_value(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == [("read_inbox", {})]
