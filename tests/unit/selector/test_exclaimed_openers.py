"""A short clause that exclaims before the request ("what a week", "que semana") is chat: its
"what" names no tool there, so the request after it is read; a negation or supposition after it
still keeps the turn unread."""

from __future__ import annotations

from typing import Any

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "plan"),
    [
        ("what a morning. reopen order 2284 please", "en", ("reopen_order", {"order_id": "2284"})),
        ("ugh, what a day! look up order 5130", "en", ("find_order", {"order_id": "5130"})),
        (
            "wow what a week. anyway refund $12 on ch-5501",
            "en",
            ("refund_card", {"charge_id": "ch-5501", "amount": 12}),
        ),
        ("nossa que dia. cancela o pedido 3307", "pt-BR", ("cancel_order", {"order_id": "3307"})),
    ],
)
def test_a_request_after_an_exclamation_is_read(
    shop: Selector, text: str, language: str, plan: tuple[str, dict[str, Any]]
) -> None:
    assert calls(shop.plan(text, language)) == [plan]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("what a week. don't cancel order 8406", "en"),
        ("what a day. cancel order 8406 if it's unpaid", "en"),
        ("what a mess order 8406 is", "en"),
        ("que semana. não cancela o pedido 8406", "pt-BR"),
    ],
)
def test_an_exclamation_does_not_lift_the_guard(shop: Selector, text: str, language: str) -> None:
    assert calls(shop.plan(text, language)) == []
