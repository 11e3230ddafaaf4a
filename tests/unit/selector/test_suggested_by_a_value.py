"""A value of a form only one tool takes names that tool for "did you mean": a turn holding a
charge's id ("ch-9012") and an amount comes close to the refund, whatever verb it was typed
with ("zap ch-9012 back 30 bucks"). A clause that says no still bars every suggestion."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "amount"),
    [
        ("zap ch-9012 back 30 bucks", "en", 30),
        ("sort out ch-9012 with $30", "en", 30),
        ("faz aquele esquema na ch-9012, 30 reais", "pt-BR", 30),
    ],
)
def test_a_charges_id_and_an_amount_suggest_the_refund(
    shop: Selector, text: str, language: str, amount: int
) -> None:
    plan = shop.plan(text, language)
    assert plan.unread
    offered = [calls(shop.plan(suggestion, language)) for suggestion in plan.suggestions]
    assert [("refund_card", {"charge_id": "ch-9012", "amount": amount})] in offered


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("never zap ch-9012 back 30 bucks", "en"),
        ("don't touch ch-9012, 30 bucks", "en"),
        ("não mexe na ch-9012, 30 reais", "pt-BR"),
    ],
)
def test_a_clause_that_says_no_still_offers_nothing(
    shop: Selector, text: str, language: str
) -> None:
    assert shop.plan(text, language).suggestions == ()
