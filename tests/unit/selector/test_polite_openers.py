"""A polite opener around a request ("would you mind", "tem como", "se puder") is read past; the
request after it plans, and a negation after it still plans nothing."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "plan"),
    [
        ("would you mind finding order 6120?", "en", ("find_order", {"order_id": "6120"})),
        ("if you could, cancel order 8873", "en", ("cancel_order", {"order_id": "8873"})),
        (
            "I'd be grateful if you could reopen order 5530",
            "en",
            ("reopen_order", {"order_id": "5530"}),
        ),
        ("tem como cancelar o pedido 8873?", "pt-BR", ("cancel_order", {"order_id": "8873"})),
        ("se puder, reabre o pedido 5530", "pt-BR", ("reopen_order", {"order_id": "5530"})),
        (
            "faria a gentileza de reabrir o pedido 5530?",
            "pt-BR",
            ("reopen_order", {"order_id": "5530"}),
        ),
        ("me faça um favor, busca o pedido 6120", "pt-BR", ("find_order", {"order_id": "6120"})),
        (
            "antes que eu me esqueça, reabre o pedido 5530",
            "pt-BR",
            ("reopen_order", {"order_id": "5530"}),
        ),
    ],
)
def test_a_request_after_a_polite_opener_plans(
    shop: Selector, text: str, language: str, plan: tuple[str, dict[str, str]]
) -> None:
    assert calls(shop.plan(text, language)) == [plan]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("if you could, don't cancel order 8873", "en"),
        ("would you mind if I cancel order 8873 myself?", "en"),
        ("tem como não cancelar o pedido 8873?", "pt-BR"),
        ("faria a gentileza de não cancelar o pedido 8873?", "pt-BR"),
        ("antes que eu esqueça, não cancela o pedido 8873", "pt-BR"),
        ("antes que eu esqueça, esquece o pedido 8873", "pt-BR"),
        ("me faz um favor, se ela ligar, cancela o pedido 8873", "pt-BR"),
        ("se puder, o cliente disse que cancela o pedido 8873", "pt-BR"),
        ("If you can't reach her, cancel order 4411", "en"),
    ],
)
def test_what_follows_an_opener_is_still_read_strictly(
    shop: Selector, text: str, language: str
) -> None:
    assert shop.plan(text, language).unread
