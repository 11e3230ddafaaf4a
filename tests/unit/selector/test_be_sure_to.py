""" "Não deixa de X" and "don't fail to X" say "be sure to X", as "make sure to X" does: the
person asks for X. A negation of X after them, a supposition, or someone else as the subject
still plans nothing."""

from __future__ import annotations

from typing import Any

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "plan"),
    [
        ("don't fail to save the receipt for 6620", "en", ("save_receipt", {"order_id": "6620"})),
        (
            "make sure you refund $12 on ch-5501",
            "en",
            ("refund_card", {"charge_id": "ch-5501", "amount": 12}),
        ),
        ("não deixa de salvar o recibo do 6620", "pt-BR", ("save_receipt", {"order_id": "6620"})),
        ("nao deixe de reabrir o pedido 6620", "pt-BR", ("reopen_order", {"order_id": "6620"})),
        (
            "não deixe de mandar email pra rui@example.com assunto Prazo e texto sai amanhã",
            "pt-BR",
            ("send_email", {"to": "rui@example.com", "subject": "Prazo", "body": "sai amanhã"}),
        ),
    ],
)
def test_be_sure_to_asks_for_the_act(
    shop: Selector, text: str, language: str, plan: tuple[str, dict[str, Any]]
) -> None:
    assert calls(shop.plan(text, language)) == [plan]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("make sure you don't cancel order 6620", "en"),
        ("don't fail to not cancel 6620", "en"),
        ("não deixa de não cancelar o 6620", "pt-BR"),
        ("não deixa de cancelar o 6620 se ela pagar", "pt-BR"),
        ("ela não deixa de cancelar o 6620", "pt-BR"),
    ],
)
def test_be_sure_to_keeps_the_guard(shop: Selector, text: str, language: str) -> None:
    assert calls(shop.plan(text, language)) == []
