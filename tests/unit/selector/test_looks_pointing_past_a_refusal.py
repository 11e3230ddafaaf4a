"""After a refused act, a look that points back at the refused act's thing ("its total", "o
total dele") asks about that thing: the look is read with the thing the refusal named, and the
refused act stays barred."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("don't charge order 4025, what's its total?", "en"),
        ("please don't cancel order 4025, what's its status?", "en"),
        ("do not reopen order 4025 - what's its status?", "en"),
        ("não cobra o pedido 4025, e o total dele?", "pt-BR"),
        ("nao reabre o pedido 4025, e o status dele?", "pt-BR"),
    ],
)
def test_a_look_at_its_thing_after_a_refusal_is_read(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == [("find_order", {"order_id": "4025"})]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("don't cancel order 4025, cancel it", "en"),
        ("don't charge order 4025 its total", "en"),
        ("don't look up order 4025, what's its total?", "en"),
        ("não cancela o pedido 4025, cancela ele", "pt-BR"),
    ],
)
def test_the_refused_act_stays_barred_when_pointed_at(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == []


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("never reopen 5012, it was a fraud order", "en"),
        ("dont save the receipt for 3471, I already have its total", "en"),
        ("não reabre o pedido 5012, o total dele tava errado", "pt-BR"),
    ],
)
def test_a_told_fact_pointing_back_after_a_refusal_asks_nothing(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == []
