"""A refund asked for by its noun reads without "the charge": "issue a refund on ch-2207", "faz o
estorno da ch-2207"."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("issue a refund on ch-2207", "en"),
        ("please process a refund for ch-2207", "en"),
        ("faz o estorno da ch-2207", "pt-BR"),
        ("faça o reembolso do ch-2207 por favor", "pt-BR"),
    ],
)
def test_a_refund_by_its_noun_reads(shop: Selector, text: str, language: str) -> None:
    assert calls(shop.plan(text, language)) == [("refund_card", {"charge_id": "ch-2207"})]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("don't issue a refund on ch-2207", "en"),
        ("não faz o estorno da ch-2207", "pt-BR"),
    ],
)
def test_a_negated_refund_by_its_noun_stays_unread(
    shop: Selector, text: str, language: str
) -> None:
    assert shop.plan(text, language).unread
