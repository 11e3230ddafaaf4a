"""An emoji parts clauses as a mark does, so chat and an emoji before a request are read past
("🙏 pls check 2210", "first time using this thing 😅 where is order 1084?"); a negation
across one still plans nothing."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "plan"),
    [
        ("🙏 pls check 2210", "en", ("find_order", {"order_id": "2210"})),
        ("busy day 🙏 pls check 2210", "en", ("find_order", {"order_id": "2210"})),
        (
            "hi there!! first time using this thing 😅 where is order 1084?",
            "en",
            ("find_order", {"order_id": "1084"}),
        ),
        (
            "hey hope you're well. busy day here lol. can you cancel 8904 for me",
            "en",
            ("cancel_order", {"order_id": "8904"}),
        ),
        (
            "so my customer called yesterday and she's upset, can you refund ch-1234 $20",
            "en",
            ("refund_card", {"charge_id": "ch-1234", "amount": 20}),
        ),
        ("🙏 confere o 2210", "pt-BR", ("find_order", {"order_id": "2210"})),
        (
            "boa noite! sextou 🎉 reembolsa 12 dólares da ch-6280 quando puder",
            "pt-BR",
            ("refund_card", {"amount": 12, "charge_id": "ch-6280"}),
        ),
    ],
)
def test_chat_and_an_emoji_before_a_request_are_read_past(
    shop: Selector, text: str, language: str, plan: tuple[str, dict[str, object]]
) -> None:
    assert calls(shop.plan(text, language)) == [plan]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("don't 😅 cancel 4412", "en"),
        ("if she pays 🙏 cancel 4412", "en"),
        ("não 😅 cancela o 4412", "pt-BR"),
    ],
)
def test_an_emoji_never_lifts_a_negation_or_a_supposition(
    shop: Selector, text: str, language: str
) -> None:
    assert shop.plan(text, language).unread
