"""A word of several words ("copy of the receipt", "ficha do pedido") reads as its word with one of
them misspelt ("copy of the recipt", "ficha do pedio"), as a single word one edit off does."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("save me a copy of the recipt for order 7781", "en"),
        ("keep a copy of the reciept for order 7781", "en"),
    ],
)
def test_a_misspelt_word_inside_a_synonym_still_reads(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == [("save_receipt", {"order_id": "7781"})]


def test_a_misspelt_word_inside_a_pt_br_synonym_still_reads(shop: Selector) -> None:
    plan = shop.plan("mostra a ficha do pedio 7781", "pt-BR")

    assert calls(plan) == [("find_order", {"order_id": "7781"})]


def test_a_misspelt_synonym_refused_stays_unread(shop: Selector) -> None:
    assert calls(shop.plan("don't save a copy of the recipt for order 7781", "en")) == []
