"""A wish that a thing be done, said in the passive ("I'd like order 3390 cancelled", "gostaria
que o pedido 2208 fosse cancelado"), plans the act on the thing; a fact, a negated wish or a
supposed one stays unread."""

from __future__ import annotations

from typing import Any

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "plan"),
    [
        ("I'd like order 5127 reopened", "en", ("reopen_order", {"order_id": "5127"})),
        (
            "could I get the receipt for order 8834 saved, please?",
            "en",
            ("save_receipt", {"order_id": "8834"}),
        ),
        (
            "I need order 4096 reopened, thanks so much",
            "en",
            ("reopen_order", {"order_id": "4096"}),
        ),
        (
            "queria que o pedido 5127 fosse reaberto",
            "pt-BR",
            ("reopen_order", {"order_id": "5127"}),
        ),
        (
            "Oi! Preciso que o recibo do pedido 8834 seja salvo, obrigado",
            "pt-BR",
            ("save_receipt", {"order_id": "8834"}),
        ),
        (
            "queria que fosse feito o estorno de 18 dólares da ch-5521",
            "pt-BR",
            ("refund_card", {"amount": 18, "charge_id": "ch-5521"}),
        ),
        (
            "gostaria que o pedido 4096 fosse cancelado. Motivo: veio quebrado.",
            "pt-BR",
            ("cancel_order", {"order_id": "4096", "reason": "veio quebrado"}),
        ),
    ],
)
def test_a_passive_wish_plans_the_act_on_its_thing(
    shop: Selector, text: str, language: str, plan: tuple[str, dict[str, Any]]
) -> None:
    assert calls(shop.plan(text, language)) == [plan]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("order 5127 was reopened", "en"),
        ("I don't want order 5127 reopened", "en"),
        ("I'd like order 5127 not cancelled", "en"),
        ("if you'd like order 5127 reopened, tell me", "en"),
        ("I'd like order 5127 cancelled if she never pays", "en"),
        ("o pedido 5127 foi reaberto", "pt-BR"),
        ("não quero que o pedido 5127 seja cancelado", "pt-BR"),
        ("gostaria que o pedido 5127 não fosse cancelado", "pt-BR"),
        ("ela disse que queria que o pedido 5127 fosse cancelado", "pt-BR"),
        ("queria que fosse feito o estorno de 18 dólares da ch-5521 se ela pedir", "pt-BR"),
        ("queria que não fosse feito o estorno de 18 dólares da ch-5521", "pt-BR"),
        ("I'd like order 5127 reopened when she asks", "en"),
    ],
)
def test_a_passive_fact_negation_or_supposition_stays_unread(
    shop: Selector, text: str, language: str
) -> None:
    assert not shop.plan(text, language).calls
