"""Asking not to forget X asks for X; "forget X, just Y" sets X aside as "don't X" would."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        ("don't forget to reopen order 6604", "en", ("reopen_order", {"order_id": "6604"})),
        ("dont forget to save the receipt for 6604", "en", ("save_receipt", {"order_id": "6604"})),
        ("não esquece de reabrir o pedido 6604", "pt-BR", ("reopen_order", {"order_id": "6604"})),
        (
            "não se esqueça de cobrar 12 dólares do pedido 6604",
            "pt-BR",
            ("charge_card", {"amount": 12, "order_id": "6604"}),
        ),
    ],
)
def test_dont_forget_to_asks_for_the_act(
    shop: Selector, text: str, language: str, expected: tuple[str, dict[str, object]]
) -> None:
    assert calls(shop.plan(text, language)) == [expected]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("forget the refund, just reopen order 6604", "en"),
        ("esquece o estorno, só reabre o pedido 6604", "pt-BR"),
    ],
)
def test_forget_x_just_y_plans_only_y(shop: Selector, text: str, language: str) -> None:
    assert calls(shop.plan(text, language)) == [("reopen_order", {"order_id": "6604"})]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("forget it, cancel order 6604", "en"),
        ("forget cancelling order 6604", "en"),
        ("esquece, cancela o pedido 6604", "pt-BR"),
        ("esquece o cancelamento do pedido 6604", "pt-BR"),
        ("don't forget to cancel order 6604 if it's unpaid", "en"),
        ("não esquece de cancelar o pedido 6604 se não pagarem", "pt-BR"),
    ],
)
def test_forget_on_its_own_or_with_a_supposition_plans_nothing(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == []
