"""A polite closer that ends the turn ("when you can", "quando der") asks for nothing and
supposes nothing, so a request after an easing or refused clause keeps it as the plain request
does; "when" in any other words still supposes, and a refused act stays refused."""

from __future__ import annotations

from typing import Any

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "plan"),
    [
        (
            "no hurry at all, just reopen order 5521 when you can",
            "en",
            ("reopen_order", {"order_id": "5521"}),
        ),
        (
            "no stress, but cancel order 7340 whenever you get a chance",
            "en",
            ("cancel_order", {"order_id": "7340"}),
        ),
        (
            "don't cancel 4410, just look up order 4410 when you have a minute",
            "en",
            ("find_order", {"order_id": "4410"}),
        ),
        (
            "sem pressa nenhuma, reabre o pedido 5521 quando der",
            "pt-BR",
            ("reopen_order", {"order_id": "5521"}),
        ),
        (
            "sem pressa, mas salva o recibo do pedido 6630 quando puder",
            "pt-BR",
            ("save_receipt", {"order_id": "6630"}),
        ),
        (
            "nada de correria, estorna 15 dólares da ch-7120 quando der",
            "pt-BR",
            ("refund_card", {"charge_id": "ch-7120", "amount": 15}),
        ),
    ],
)
def test_a_closing_courtesy_after_an_eased_request_is_read_past(
    shop: Selector, text: str, language: str, plan: tuple[str, dict[str, Any]]
) -> None:
    assert calls(shop.plan(text, language)) == [plan]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("no rush, cancel order 6210 when it's paid", "en"),
        ("don't reopen order 5521 when you can", "en"),
        ("not urgent, but don't cancel order 7340 whenever you get a chance", "en"),
        ("sem pressa, cancela o pedido 6210 quando pagarem", "pt-BR"),
        ("não reabre o pedido 5521 quando der", "pt-BR"),
    ],
)
def test_a_refused_or_supposed_request_stays_unread_with_a_closer(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == []
