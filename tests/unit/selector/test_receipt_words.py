"""A receipt is asked for by its order's bare id after "for" / "do", and "comprovante" is a
receipt in pt-BR; the plural of a typo reads as the noun ("reciepts")."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "order"),
    [
        ("could you save the receipt for 6208", "en", "6208"),
        ("print the receipt for #3391 please", "en", "3391"),
        ("salva o recibo do 6208 pra mim", "pt-BR", "6208"),
        ("guarda o comprovante do pedido 3391", "pt-BR", "3391"),
        ("baixa o comprovante do 6208", "pt-BR", "6208"),
    ],
)
def test_a_receipt_of_a_bare_order_id_is_saved(
    shop: Selector, text: str, language: str, order: str
) -> None:
    assert calls(shop.plan(text, language)) == [("save_receipt", {"order_id": order})]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("don't save the receipt for 6208", "en"),
        ("save the receipt 6208 40", "en"),
        ("não salva o comprovante do 6208", "pt-BR"),
    ],
)
def test_a_receipt_turn_that_negates_or_holds_a_stray_value_stays_unread(
    shop: Selector, text: str, language: str
) -> None:
    assert shop.plan(text, language).unread


@pytest.mark.parametrize(
    "text",
    ["save the reciepts for orders 5120 and 5121", "download recipts for 5120 and 5121"],
)
def test_the_plural_of_a_misspelt_receipt_saves_each(shop: Selector, text: str) -> None:
    assert calls(shop.plan(text, "en")) == [
        ("save_receipt", {"order_id": "5120"}),
        ("save_receipt", {"order_id": "5121"}),
    ]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("don't save the reciepts for orders 5120 and 5121", "en"),
        ("if she asks, save the recipts for 5120", "en"),
    ],
)
def test_a_negated_or_supposed_plural_typo_saves_nothing(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == []
