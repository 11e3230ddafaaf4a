"""A question about an order typed without the word "order" still asks to read it; a bare number
in any other question stays unread."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "order"),
    [
        ("has 5307 been delivered yet?", "en", "5307"),
        ("was 2290 ever paid?", "en", "2290"),
        ("is #6610 still open?", "en", "6610"),
        ("o 7718 já chegou?", "pt-BR", "7718"),
        ("o 3406 tá pago ou ainda em aberto?", "pt-BR", "3406"),
        ("cadê o 9021?", "pt-BR", "9021"),
    ],
)
def test_a_question_about_a_bare_order_id_reads_the_order(
    shop: Selector, text: str, language: str, order: str
) -> None:
    plan = shop.plan(text, language)
    assert calls(plan) == [("find_order", {"order_id": order})]
    start, end = plan.calls[0].args["order_id"].span or (0, 0)
    assert text[start:end].lstrip("#") == order


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("is 40 too much to ask?", "en"),
        ("how is 2027 looking?", "en"),
        ("has 5307 not arrived?", "en"),
        ("what if 5307 never arrives?", "en"),
        ("is 5307 or 5308 paid?", "en"),
        ("can I pay in 3 instalments?", "en"),
        ("o 7718 foi cobrado duas vezes?", "pt-BR"),
        ("o 7718 não chegou?", "pt-BR"),
        ("como foi 2025?", "pt-BR"),
        ("dá pra parcelar em 3 vezes?", "pt-BR"),
    ],
)
def test_a_bare_number_in_another_question_stays_unread(
    shop: Selector, text: str, language: str
) -> None:
    assert shop.plan(text, language).unread
