""" "Leave X alone" sets X aside as "don't" and "skip" do: "leave order 4573 alone, just refund
$18 on ch-6240" plans only the refund, and a turn that only leaves a thing alone plans nothing.
Portuguese says it with "esquece" and "pula", which already do the same. So does putting a thing
off: "hold off on the refund, ...", "deixa o estorno pra depois, ...", "deixa o recibo pra lá"."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        (
            "Leave order 4573 alone, just refund $18 on ch-6240",
            "en",
            ("refund_card", {"amount": 18, "charge_id": "ch-6240"}),
        ),
        (
            "leave the receipt for now, only cancel 9057, reason out of stock",
            "en",
            ("cancel_order", {"order_id": "9057", "reason": "out of stock"}),
        ),
        (
            "esquece o recibo, só cancela o 9057",
            "pt-BR",
            ("cancel_order", {"order_id": "9057"}),
        ),
        (
            "hold off on the refund for now, find order 9057 first",
            "en",
            ("find_order", {"order_id": "9057"}),
        ),
        ("hold off cancelling; just reopen 9057", "en", ("reopen_order", {"order_id": "9057"})),
        (
            "deixa o estorno pra depois, só reabre o pedido 9057",
            "pt-BR",
            ("reopen_order", {"order_id": "9057"}),
        ),
        (
            "deixe a cobrança de lado, cancela o 9057",
            "pt-BR",
            ("cancel_order", {"order_id": "9057"}),
        ),
        (
            "deixa o comprovante pra lá, confere o pedido 9057",
            "pt-BR",
            ("find_order", {"order_id": "9057"}),
        ),
    ],
)
def test_the_request_beside_what_is_left_alone_is_read(
    shop: Selector, text: str, language: str, expected: tuple[str, dict[str, object]]
) -> None:
    assert calls(shop.plan(text, language)) == [expected]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("leave order 5923 alone, don't reopen it", "en"),
        ("leave order 4411 cancelled", "en"),
        ("leave the receipt for 4411", "en"),
        ("esquece o pedido 4411", "pt-BR"),
        ("hold off on cancelling 4411", "en"),
        ("hold off, cancel 4411", "en"),
        ("hold off on the refund of ch-4411, she said to", "en"),
        ("deixa o pedido 4411 pra depois", "pt-BR"),
        ("deixa o cancelamento do 4411 pra lá", "pt-BR"),
        ("se ela ligar, deixa o estorno pra depois e cancela o 4411", "pt-BR"),
    ],
)
def test_what_is_left_alone_is_never_planned(shop: Selector, text: str, language: str) -> None:
    assert calls(shop.plan(text, language)) == []


def test_leave_inside_free_text_stays_in_it(shop: Selector) -> None:
    plan = shop.plan("email ana@shop.example saying we leave at noon", "en")
    assert calls(plan) == [("send_email", {"to": "ana@shop.example", "body": "we leave at noon"})]


def test_a_put_off_inside_free_text_stays_in_it(shop: Selector) -> None:
    plan = shop.plan("manda um email pra ana@loja.com dizendo deixa pra lá", "pt-BR")
    assert calls(plan) == [("send_email", {"to": "ana@loja.com", "body": "deixa pra lá"})]
