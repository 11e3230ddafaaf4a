"""A question that ends "or not?" ("ou não?") asks for the read: the "not" offers the other
answer, it negates no act. A "not" anywhere else still leaves the turn unread."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "order"),
    [
        ("was order 7781 refunded or not?", "en", "7781"),
        ("has 7781 gone out or not", "en", "7781"),
        ("o pedido 7781 foi pago ou não?", "pt-BR", "7781"),
        ("o 7781 já saiu ou nao", "pt-BR", "7781"),
    ],
)
def test_a_question_ending_or_not_reads_the_thing(
    shop: Selector, text: str, language: str, order: str
) -> None:
    assert calls(shop.plan(text, language)) == [("find_order", {"order_id": order})]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("was order 7781 not refunded?", "en"),
        ("cancel order 7781 or not?", "en"),
        ("should I cancel 7781 or not?", "en"),
        ("o pedido 7781 não foi pago?", "pt-BR"),
        ("cancela o 7781 ou não?", "pt-BR"),
    ],
)
def test_any_other_not_still_leaves_the_turn_unread(
    shop: Selector, text: str, language: str
) -> None:
    assert shop.plan(text, language).unread
