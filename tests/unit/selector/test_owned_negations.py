"""A clause that tells what the person has not got, found or read ("I can't find order 3318",
"ainda não li os emails") is a fact before the request, not a refusal of it; so is one of what
the person cannot tell or see ("I can't tell from the tracking page", "não consigo ver no
site"), after a question too, and its "tell" reports no one's words."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        (
            "I couldn't find order 3318 in the sheet, can you pull it up?",
            "en",
            [("find_order", {"order_id": "3318"})],
        ),
        (
            "we still haven't checked the mailbox this week, read the inbox",
            "en",
            [("read_inbox", {})],
        ),
        (
            "I didn't get the receipt for order 3318, save the receipt for order 3318",
            "en",
            [("save_receipt", {"order_id": "3318"})],
        ),
        (
            "não encontrei o pedido 3318 na planilha, busca ele pra mim",
            "pt-BR",
            [("find_order", {"order_id": "3318"})],
        ),
        (
            "eu ainda não li os emails de ontem, lê a caixa de entrada",
            "pt-BR",
            [("read_inbox", {})],
        ),
        (
            "Has order 2604 shipped? I can't tell from the tracking page.",
            "en",
            [("find_order", {"order_id": "2604"})],
        ),
        (
            "I couldn't work out the total, look up order 2604",
            "en",
            [("find_order", {"order_id": "2604"})],
        ),
        (
            "o pedido 2604 já foi pago? não consigo ver no site",
            "pt-BR",
            [("find_order", {"order_id": "2604"})],
        ),
        (
            "eu não consigo achar o recibo, salva o recibo do pedido 2604",
            "pt-BR",
            [("save_receipt", {"order_id": "2604"})],
        ),
    ],
)
def test_what_one_has_not_done_is_told_before_the_request(
    shop: Selector, text: str, language: str, expected: list[tuple[str, dict[str, object]]]
) -> None:
    assert calls(shop.plan(text, language)) == expected


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("I didn't get, cancel order 3318", "en"),
        ("I can't find order 3318, don't cancel it", "en"),
        ("I didn't find order 3318, cancel it if it's unpaid", "en"),
        ("não achei o pedido 3318, não cancela", "pt-BR"),
        ("não achei o pedido 3318, cancela se não pagaram", "pt-BR"),
        ("não cancela o pedido 3318, cancela o 3319", "pt-BR"),
        ("I can't tell if she paid, cancel order 2604", "en"),
        ("she told me I can't tell, cancel 2604", "en"),
        ("I can't tell her to cancel order 2604", "en"),
        ("não consigo ver se foi pago, cancela o 2604", "pt-BR"),
        ("não consigo ver o pedido 2604, não cancela", "pt-BR"),
    ],
)
def test_a_refusal_or_supposition_beside_it_still_plans_nothing(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == []
