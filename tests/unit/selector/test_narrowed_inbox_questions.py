"""A question about the inbox that goes on to say where or from whom ("chegou algum e-mail na
caixa da loja?", "any new emails from the customers?") reads the whole inbox: the words after
refine nothing a read of the whole box reads. Words after that hold a value, a negation, a
supposition or another tool's word leave it unread."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("chegou algum e-mail na caixa da loja?", "pt-BR"),
        ("tem alguma msg nova no inbox?", "pt-BR"),
        ("tem msg nova dos clientes?", "pt-BR"),
        ("any new emails from the customers?", "en"),
        ("anything new in the inbox for the shop?", "en"),
    ],
)
def test_a_question_about_the_inbox_narrowed_by_its_last_words_reads_it(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == [("read_inbox", {})]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("any emails about the refund policy?", "en"),
        ("any new emails about order 4411?", "en"),
        ("any new emails from customers who didn't pay?", "en"),
        ("chegou algum e-mail sobre cancelar pedido?", "pt-BR"),
        ("tem msg nova dos clientes que não pagaram?", "pt-BR"),
        ("tem msg nova se o cliente pagar?", "pt-BR"),
    ],
)
def test_last_words_with_a_value_a_negation_or_another_act_leave_it_unread(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == []
