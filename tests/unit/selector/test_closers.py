"""A polite closer after a request is read past: 'cancel order 6210 when you get a chance, thanks
so much', 'reabre o pedido 6210 quando puder, muito obrigada'."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        ("reopen order 6210, thanks so much", "en", ("reopen_order", {"order_id": "6210"})),
        ("reopen order 6210. Thank you so much!", "en", ("reopen_order", {"order_id": "6210"})),
        (
            "refund $14 on ch-6210 when you get a chance",
            "en",
            ("refund_card", {"amount": 14, "charge_id": "ch-6210"}),
        ),
        (
            "would you mind reading the inbox whenever you can, many thanks",
            "en",
            ("read_inbox", {}),
        ),
        (
            "save the receipt for 6210 when u have a sec, ta",
            "en",
            ("save_receipt", {"order_id": "6210"}),
        ),
        (
            "reabre o pedido 6210 quando puder, muito obrigada",
            "pt-BR",
            ("reopen_order", {"order_id": "6210"}),
        ),
        (
            "estorna 14 dólares da ch-6210 quando der",
            "pt-BR",
            ("refund_card", {"amount": 14, "charge_id": "ch-6210"}),
        ),
        (
            "salva o recibo do 6210 quando você tiver um tempinho, desde já agradeço",
            "pt-BR",
            ("save_receipt", {"order_id": "6210"}),
        ),
        (
            "could you look up order 6210? Much appreciated.",
            "en",
            ("find_order", {"order_id": "6210"}),
        ),
        ("reopen order 6210 please, thanks a lot!", "en", ("reopen_order", {"order_id": "6210"})),
        ("void order 6210. Cheers", "en", ("cancel_order", {"order_id": "6210"})),
        ("reopen order 6210 though", "en", ("reopen_order", {"order_id": "6210"})),
    ],
)
def test_a_closer_after_the_request_is_read_past(
    shop: Selector, text: str, language: str, expected: tuple[str, dict[str, object]]
) -> None:
    assert calls(shop.plan(text, language)) == [expected]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("cancel order 6210 when it's paid", "en"),
        ("cancel order 6210 when they ask, thanks so much", "en"),
        ("don't cancel order 6210, thanks so much", "en"),
        ("thanks so much", "en"),
        ("much appreciated, cheers", "en"),
        ("don't void order 6210. Cheers", "en"),
        ("don't reopen order 6210 though", "en"),
        ("when you get a chance", "en"),
        ("cancela o pedido 6210 quando pagarem", "pt-BR"),
        ("não cancela o pedido 6210 quando puder", "pt-BR"),
        ("quando puder, muito obrigada", "pt-BR"),
    ],
)
def test_only_the_fixed_closers_are_read_past(shop: Selector, text: str, language: str) -> None:
    assert calls(shop.plan(text, language)) == []


def test_a_closer_inside_free_text_stays_in_it(shop: Selector) -> None:
    plan = shop.plan("email ana@shop.example saying call us when you get a chance", "en")
    assert calls(plan) == [
        ("send_email", {"to": "ana@shop.example", "body": "call us when you get a chance"})
    ]
