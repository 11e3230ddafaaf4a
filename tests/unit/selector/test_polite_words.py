"""More ways to ask politely, and where to keep a receipt ("on the pc", "no computador"), read
past as the request they wrap; a negation or a supposition after them still leaves it unread."""

from __future__ import annotations

from typing import Any

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "plan"),
    [
        ("may I ask you to cancel order 6120", "en", ("cancel_order", {"order_id": "6120"})),
        ("if it's no trouble, reopen order 6120", "en", ("reopen_order", {"order_id": "6120"})),
        ("I was hoping you could look up order 6120", "en", ("find_order", {"order_id": "6120"})),
        (
            "save the receipt for order 6120 on my laptop",
            "en",
            ("save_receipt", {"order_id": "6120"}),
        ),
        ("reopen order 6120, cheers", "en", ("reopen_order", {"order_id": "6120"})),
        (
            "você se importa de cancelar o pedido 6120?",
            "pt-BR",
            ("cancel_order", {"order_id": "6120"}),
        ),
        (
            "será que dava pra reabrir o pedido 6120?",
            "pt-BR",
            ("reopen_order", {"order_id": "6120"}),
        ),
        ("me faz um favor, busca o pedido 6120", "pt-BR", ("find_order", {"order_id": "6120"})),
        (
            "salva o recibo do pedido 6120 no computador, brigado",
            "pt-BR",
            ("save_receipt", {"order_id": "6120"}),
        ),
        ("qto deu o pedido 6120?", "pt-BR", ("find_order", {"order_id": "6120"})),
    ],
)
def test_a_polite_request_reads_as_the_request(
    shop: Selector, text: str, language: str, plan: tuple[str, dict[str, Any]]
) -> None:
    assert calls(shop.plan(text, language)) == [plan]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("may I ask you not to cancel order 6120", "en"),
        ("if it's no trouble, the customer said to reopen order 6120", "en"),
        ("você se importa de não cancelar o pedido 6120?", "pt-BR"),
        ("me faz um favor, se ele pagar, cancela o pedido 6120", "pt-BR"),
    ],
)
def test_a_polite_wrapper_keeps_every_guard(shop: Selector, text: str, language: str) -> None:
    assert shop.plan(text, language).unread
