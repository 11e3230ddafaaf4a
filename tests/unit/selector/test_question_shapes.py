"""A question about one order keeps its shape when it offers two answers ("is 6630 still unpaid
or did they pay", "já foi pago ou ainda não") or opens with "so" or "hey" before its question
word ("so has order 9034 been paid"); it still names one thing, and negates nothing."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "order"),
    [
        ("is 6630 still unpaid or did they finally pay", "en", "6630"),
        ("did order 8840 ever get paid or is it still outstanding", "en", "8840"),
        ("so has order no. 9034 actually been paid or not", "en", "9034"),
        ("hey, has 4411 shipped", "en", "4411"),
        ("o pedido 6630 tá pago ou ainda tá pendente?", "pt-BR", "6630"),
        ("então, o pedido 9034 já foi pago?", "pt-BR", "9034"),
    ],
)
def test_a_question_about_one_order_reads_it(
    shop: Selector, text: str, language: str, order: str
) -> None:
    assert calls(shop.plan(text, language)) == [("find_order", {"order_id": order})]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("so has order 9034 or 9035 been paid", "en"),
        ("so has order 9034 been paid to paypal or stripe", "en"),
        ("hey, has 4411 not shipped", "en"),
        ("so what if 4411 never pays", "en"),
        ("então, o pedido 9034 ou o 9035 já foi pago?", "pt-BR"),
        ("e se o pedido 9034 não for pago?", "pt-BR"),
    ],
)
def test_a_question_of_two_things_or_a_negation_or_a_supposition_stays_unread(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == []
