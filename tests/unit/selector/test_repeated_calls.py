"""A call of no arguments said twice in a row is read once ("did anyone write? read the inbox"),
and so is a call that points back at the very values the same call before it read ("look up
order 4411, is it paid?"); a call with arguments typed twice stays two calls."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("did anybody write to us? read the inbox", "en"),
        ("check my inbox and then read the new emails", "en"),
        ("alguém escreveu? olha a caixa de entrada", "pt-BR"),
    ],
)
def test_asking_then_asking_to_read_reads_the_inbox_once(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == [("read_inbox", {})]


def test_a_call_with_arguments_said_twice_stays_two_calls(shop: Selector) -> None:
    assert calls(shop.plan("charge order 4411 $5 and charge order 4411 $5", "en")) == [
        ("charge_card", {"amount": 5, "order_id": "4411"}),
        ("charge_card", {"amount": 5, "order_id": "4411"}),
    ]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("pull up order 4411, has it shipped?", "en"),
        ("find order 4411 and show its details", "en"),
        ("busca o pedido 4411, ele já foi pago?", "pt-BR"),
        ("mostra o pedido 4411 e vê a situação dele", "pt-BR"),
    ],
)
def test_a_read_pointing_back_at_the_same_read_is_read_once(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == [("find_order", {"order_id": "4411"})]


def test_the_inbox_between_other_calls_is_read_each_time(shop: Selector) -> None:
    assert calls(shop.plan("read the inbox, cancel order 4411 and read the inbox", "en")) == [
        ("read_inbox", {}),
        ("cancel_order", {"order_id": "4411"}),
        ("read_inbox", {}),
    ]
