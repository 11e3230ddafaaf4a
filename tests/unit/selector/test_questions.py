"""A question about a thing asks to read it; a question about another tool's act does not."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "order"),
    [
        ("Has order 9187 been dispatched yet?", "en", "9187"),
        ("is order 4411 refunded yet?", "en", "4411"),
        ("quanto ficou o total do pedido 1502?", "pt-BR", "1502"),
        ("cadê o meu pedido 2210?", "pt-BR", "2210"),
        ("o pedido 4411 já foi cancelado?", "pt-BR", "4411"),
    ],
)
def test_a_question_about_an_order_reads_it(
    shop: Selector, text: str, language: str, order: str
) -> None:
    plan = shop.plan(text, language)
    assert calls(plan) == [("find_order", {"order_id": order})]
    start, end = plan.calls[0].args["order_id"].span or (0, 0)
    assert text[start:end] == order


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("did you charge order 4411?", "en"),
        ("can you refund order 4411?", "en"),
        ("lol order 4411 is cursed?", "en"),
        ("what happens if I cancel order 4411?", "en"),
        ("is order 4411 or order 4412 paid?", "en"),
        ("você cobrou o pedido 4411?", "pt-BR"),
        ("da pra mudar o endereco de entrega do pedido 4411?", "pt-BR"),
        ("¿cuál es el estado del pedido 3307?", "pt-BR"),
    ],
)
def test_a_question_about_an_act_another_thing_or_in_another_language_stays_unread(
    shop: Selector, text: str, language: str
) -> None:
    assert shop.plan(text, language).unread
