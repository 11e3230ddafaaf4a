"""A clause after the request that supposes ("if she pays", "se ela pagar", "se faz favor") is
never read as the request's reason: the request waits on it, so the turn stays unread."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("cancel 6032, if she pays", "en"),
        ("void order 6032, when the courier confirms", "en"),
        ("cancel 6032, unless she calls back", "en"),
        ("cancela o 6032, se ela pagar", "pt-BR"),
        ("cancela o pedido 6032, caso ela desista", "pt-BR"),
        ("Pode cancelar o pedido 6032, se faz favor?", "pt-BR"),
    ],
)
def test_a_condition_after_the_request_is_no_reason(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == []


@pytest.mark.parametrize(
    ("text", "language", "reason"),
    [
        ("cancel 6032, duplicate order", "en", "duplicate order"),
        (
            "cancel 6032 because if she pays twice it's a mess",
            "en",
            "if she pays twice it's a mess",
        ),
        ("cancela o 6032, pedido em dobro", "pt-BR", "pedido em dobro"),
    ],
)
def test_a_reason_still_reads(shop: Selector, text: str, language: str, reason: str) -> None:
    assert calls(shop.plan(text, language)) == [
        ("cancel_order", {"order_id": "6032", "reason": reason})
    ]
