"""An order number from 1900 to 2099 is the order where an order's word or one of its facts
governs it ("order 2010", "the total of 1934", "was 1968 paid?", "o 2046 foi cancelado?"); a
year asked about on its own, or after a word of time, stays a year."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "plan"),
    [
        ("cancel order 2010", "en", ("cancel_order", "2010")),
        ("is 1968 still unpaid?", "en", ("find_order", "1968")),
        ("did 1948 go thru?", "en", ("find_order", "1948")),
        ("can u tell me if 1948 went thru", "en", ("find_order", "1948")),
        ("what was the total on 2010?", "en", ("find_order", "2010")),
        ("pedido 1999", "pt-BR", ("find_order", "1999")),
        ("cancela o pedido 1999", "pt-BR", ("cancel_order", "1999")),
        ("qto ficou o total do 1934?", "pt-BR", ("find_order", "1934")),
        ("o 2046 foi cancelado ou não?", "pt-BR", ("find_order", "2046")),
        ("o 1999 tá pendente?", "pt-BR", ("find_order", "1999")),
    ],
)
def test_an_order_number_that_could_be_a_year_is_the_order_its_words_govern(
    shop: Selector, text: str, language: str, plan: tuple[str, str]
) -> None:
    tool, order = plan
    assert calls(shop.plan(text, language)) == [(tool, {"order_id": order})]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("how is 2027 looking?", "en"),
        ("how's 2026 looking", "en"),
        ("was 2010 a good year?", "en"),
        ("on March 3rd 2024", "en"),
        ("como foi 2025?", "pt-BR"),
        ("como ficou 2025?", "pt-BR"),
        ("em 3 de março de 2024", "pt-BR"),
    ],
)
def test_a_year_on_its_own_or_in_a_date_stays_a_year(
    shop: Selector, text: str, language: str
) -> None:
    assert shop.plan(text, language).unread
