""" "Save receipt 3356" and "salva o recibo 3356" name the order right after the receipt, as a
shop owner writes it, and a list of ids saves each ("save receipt 3356 & 3357 pls")."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "orders"),
    [
        ("save receipt 3356", "en", ["3356"]),
        ("save receipt 3356 & 3357 pls", "en", ["3356", "3357"]),
        ("salva o recibo 3356", "pt-BR", ["3356"]),
        ("salva o comprovante 3356 e 3357", "pt-BR", ["3356", "3357"]),
    ],
)
def test_the_id_after_the_receipt_is_its_order(
    shop: Selector, text: str, language: str, orders: list[str]
) -> None:
    assert calls(shop.plan(text, language)) == [
        ("save_receipt", {"order_id": order}) for order in orders
    ]


@pytest.mark.parametrize(
    ("text", "language"),
    [("don't save receipt 3356", "en"), ("não salva o recibo 3356", "pt-BR")],
)
def test_a_negated_receipt_is_not_saved(shop: Selector, text: str, language: str) -> None:
    assert calls(shop.plan(text, language)) == []
