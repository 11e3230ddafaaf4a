"""'skip X, just Y' ('pula X, só Y') sets X aside as 'don't X, just Y' would."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        (
            "skip the email, just reopen order 5512",
            "en",
            [("reopen_order", {"order_id": "5512"})],
        ),
        (
            "skip the receipt for now, only charge order 5512 $30",
            "en",
            [("charge_card", {"amount": 30, "order_id": "5512"})],
        ),
        (
            "pula o email, só reabre o pedido 5512",
            "pt-BR",
            [("reopen_order", {"order_id": "5512"})],
        ),
        (
            "pule o recibo, só cobra 30 dólares do 5512",
            "pt-BR",
            [("charge_card", {"amount": 30, "order_id": "5512"})],
        ),
    ],
)
def test_skip_x_just_y_plans_only_y(
    shop: Selector, text: str, language: str, expected: list[tuple[str, dict[str, object]]]
) -> None:
    assert calls(shop.plan(text, language)) == expected


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("skip it, cancel order 5512", "en"),
        ("skip cancelling order 5512", "en"),
        ("skip the refund on ch-5512", "en"),
        ("pula essa, cancela o pedido 5512", "pt-BR"),
        ("pula o cancelamento do pedido 5512", "pt-BR"),
        ("pular o estorno da ch-5512", "pt-BR"),
    ],
)
def test_skip_on_its_own_plans_nothing(shop: Selector, text: str, language: str) -> None:
    assert calls(shop.plan(text, language)) == []
