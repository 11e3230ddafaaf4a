"""A negation that says "it does no harm" ("wouldn't hurt to", "não custa nada", "why not")
asks, gently: it reads as a polite opening, and the request after it is planned; a negation of
the act itself beside it, or a "why not" of what was not done ("por que não cancelou?"), still
plans nothing."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        (
            "it wouldn't hurt to save the receipt for order 6630",
            "en",
            [("save_receipt", {"order_id": "6630"})],
        ),
        ("doesn't hurt to check the inbox", "en", [("read_inbox", {})]),
        (
            "no harm in looking up order 6630",
            "en",
            [("find_order", {"order_id": "6630"})],
        ),
        (
            "não custa nada reabrir o pedido 6630",
            "pt-BR",
            [("reopen_order", {"order_id": "6630"})],
        ),
        (
            "não custa dar uma olhada no pedido 6630",
            "pt-BR",
            [("find_order", {"order_id": "6630"})],
        ),
        ("não custa nada olhar os emails né", "pt-BR", [("read_inbox", {})]),
        ("why not just reopen order 8120", "en", [("reopen_order", {"order_id": "8120"})]),
        (
            "por que não cancela o pedido 8120 logo?",
            "pt-BR",
            [("cancel_order", {"order_id": "8120"})],
        ),
    ],
)
def test_a_negation_that_says_it_does_no_harm_asks_gently(
    shop: Selector, text: str, language: str, expected: list[tuple[str, dict[str, object]]]
) -> None:
    assert calls(shop.plan(text, language)) == expected


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("it wouldn't hurt to not cancel order 6630", "en"),
        ("wouldn't hurt if you didn't refund ch-6630", "en"),
        ("não custa nada não cancelar o pedido 6630", "pt-BR"),
        ("não custa nada, mas não reabre o pedido 6630", "pt-BR"),
        ("it wouldn't hurt, would it, if I cancelled order 6630?", "en"),
        ("why not? don't cancel order 8120", "en"),
        ("why didn't you cancel order 8120?", "en"),
        ("por que não cancelou o pedido 8120?", "pt-BR"),
        ("por que não? não cancela o pedido 8120", "pt-BR"),
    ],
)
def test_a_negation_of_the_act_beside_it_still_bars_it(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == []
