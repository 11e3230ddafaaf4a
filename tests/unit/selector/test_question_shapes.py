"""A question about one thing reads it in more shapes: one that offers "or not" without a "?"
("meu pedido 5047 já foi pago ou não", "order 5047 paid or not"), one whose question word
follows a preposition ("em qual cartão ...", "on what date ..."), and one that asks whether an
act was done to it ("foi passado no cartão?"); a question that asks for another act, negates or
reports stays unread."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "order"),
    [
        ("meu pedido 6218 já foi pago ou não", "pt-BR", "6218"),
        ("o pedido 6218 chegou ou nao", "pt-BR", "6218"),
        ("order 6218 paid or not", "en", "6218"),
        ("has my order 6218 shipped or not", "en", "6218"),
        ("em qual cartão foi passado o pedido 6218?", "pt-BR", "6218"),
        ("de qual cliente é o pedido 6218?", "pt-BR", "6218"),
        ("em que dia foi pago o pedido 6218", "pt-BR", "6218"),
        ("on what date was order 6218 charged?", "en", "6218"),
        ("on what date was order 6218 paid", "en", "6218"),
        ("o pedido 6218 foi passado no cartão?", "pt-BR", "6218"),
    ],
)
def test_a_question_about_one_thing_reads_it(
    shop: Selector, text: str, language: str, order: str
) -> None:
    assert calls(shop.plan(text, language)) == [("find_order", {"order_id": order})]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("posso cancelar o pedido 6218 ou não", "pt-BR"),
        ("should I refund order 6218 or not", "en"),
        ("ela disse que o pedido 6218 foi passado no cartão", "pt-BR"),
        ("cancela o pedido 6218 ou não", "pt-BR"),
        ("o pedido 6218 foi passado no cartão", "pt-BR"),
    ],
)
def test_a_question_about_another_act_stays_unread(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == []
