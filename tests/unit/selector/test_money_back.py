"""Giving the money back on a charge, and running the card on an order, with the amount after
them ("give the money back on ch-4410, $18", "passa o cartão no 3710, 58 dólares")."""

from __future__ import annotations

from typing import Any

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "plan"),
    [
        (
            "give her the money back on ch-4410, $18",
            "en",
            ("refund_card", {"charge_id": "ch-4410", "amount": 18}),
        ),
        ("give the money back for ch-4410", "en", ("refund_card", {"charge_id": "ch-4410"})),
        (
            "devolve o dinheiro da ch-4410, 18 dólares",
            "pt-BR",
            ("refund_card", {"charge_id": "ch-4410", "amount": 18}),
        ),
        (
            "devolve a grana do cliente na ch-4410",
            "pt-BR",
            ("refund_card", {"charge_id": "ch-4410"}),
        ),
        (
            "run the card on 3710, 58.20",
            "en",
            ("charge_card", {"order_id": "3710", "amount": 58.2}),
        ),
        ("swipe the card on order 3710", "en", ("charge_card", {"order_id": "3710"})),
        (
            "passa o cartão no pedido 3710, 58 dólares",
            "pt-BR",
            ("charge_card", {"order_id": "3710", "amount": 58}),
        ),
        ("put order 3710 on the card", "en", ("charge_card", {"order_id": "3710"})),
        (
            "stick order 3710 on my card, 58 bucks",
            "en",
            ("charge_card", {"order_id": "3710", "amount": 58}),
        ),
        ("pay off order 3710 with the card", "en", ("charge_card", {"order_id": "3710"})),
        (
            "run the card for 3710, $58",
            "en",
            ("charge_card", {"order_id": "3710", "amount": 58}),
        ),
        (
            "passe o cartão da cliente no pedido 3710, 58 dólares",
            "pt-BR",
            ("charge_card", {"order_id": "3710", "amount": 58}),
        ),
        ("cobra no cartão o pedido 3710", "pt-BR", ("charge_card", {"order_id": "3710"})),
    ],
)
def test_money_back_and_the_card_run_read_their_call(
    shop: Selector, text: str, language: str, plan: tuple[str, dict[str, Any]]
) -> None:
    assert calls(shop.plan(text, language)) == [plan]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("don't give the money back on ch-4410", "en"),
        ("não passa o cartão no pedido 3710", "pt-BR"),
        ("don't put order 3710 on the card", "en"),
        ("if it clears, stick order 3710 on my card", "en"),
        ("ela disse pra passar no cartão o pedido 3710", "pt-BR"),
    ],
)
def test_a_negated_money_back_stays_unread(shop: Selector, text: str, language: str) -> None:
    assert shop.plan(text, language).unread
