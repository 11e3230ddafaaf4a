"""A charge asked for by its noun and its order reads, the amount left to ask: "faz a cobrança do
pedido 6741"."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("faz a cobrança do pedido 6741", "pt-BR"),
        ("faça a cobrança do pedido 6741 por favor", "pt-BR"),
    ],
)
def test_a_charge_by_its_noun_reads_and_asks_the_amount(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == [("charge_card", {"order_id": "6741"})]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("não faz a cobrança do pedido 6741", "pt-BR"),
        ("don't charge order 6741", "en"),
    ],
)
def test_a_negated_charge_by_its_noun_stays_unread(
    shop: Selector, text: str, language: str
) -> None:
    assert shop.plan(text, language).unread
