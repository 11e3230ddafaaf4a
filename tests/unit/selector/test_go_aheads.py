"""A go-ahead after a request ("yeah, go ahead and do that", "just do it", "pode fazer isso")
urges the act the person just asked for, and thanks after a filler ("ok, thanks a lot") close
it: neither is ever the cancel's reason, and the request reads as if it were not there."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("why not just cancel 6915 - yeah, go ahead and do that", "en"),
        ("cancel 6915, go ahead and do it", "en"),
        ("cancel 6915 - yeah do it", "en"),
        ("cancel order 6915, just do it", "en"),
        ("cancel 6915, please do", "en"),
        ("cancel 6915. go on then", "en"),
        ("cancela o 6915 - pode fazer isso", "pt-BR"),
        ("cancela o 6915, pode ir", "pt-BR"),
        ("cancela o pedido 6915, manda ver", "pt-BR"),
        ("cancela o 6915, pode seguir", "pt-BR"),
        ("cancela o 6915, vai em frente", "pt-BR"),
        ("cancel 6915, ok, thanks a lot", "en"),
        ("cancel 6915 - ok thank you so much", "en"),
        ("cancela o 6915, ok, muito obrigado", "pt-BR"),
    ],
)
def test_a_go_ahead_is_no_reason(shop: Selector, text: str, language: str) -> None:
    assert calls(shop.plan(text, language)) == [("cancel_order", {"order_id": "6915"})]


@pytest.mark.parametrize(
    ("text", "language", "reason"),
    [
        ("cancel 6915 - she changed her mind", "en", "she changed her mind"),
        ("cancel 6915, do it over, it was wrong", "en", "do it over, it was wrong"),
        ("cancela o 6915, pedido em dobro", "pt-BR", "pedido em dobro"),
    ],
)
def test_a_reason_still_reads(shop: Selector, text: str, language: str, reason: str) -> None:
    assert calls(shop.plan(text, language)) == [
        ("cancel_order", {"order_id": "6915", "reason": reason})
    ]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("don't cancel 6915 - go ahead and check it instead", "en"),
        ("não cancela o 6915, pode ir", "pt-BR"),
    ],
)
def test_a_go_ahead_never_undoes_a_refusal(shop: Selector, text: str, language: str) -> None:
    assert all(tool != "cancel_order" for tool, _ in calls(shop.plan(text, language)))
