"""A clause at the end that says what the request is for ("so I can see the total", "pra eu
mandar pro contador") asks for nothing of its own: it is read past, though it borrows a tool's
word, unless it holds a value, a negation or a supposition."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        (
            "reopen 6620, then look it up so I can see the total",
            "en",
            [("reopen_order", {"order_id": "6620"}), ("find_order", {"order_id": "6620"})],
        ),
        (
            "save the receipt for 6620 so that we can send it to the accountant",
            "en",
            [("save_receipt", {"order_id": "6620"})],
        ),
        (
            "salva o recibo do 6620 pra eu mandar pro contador",
            "pt-BR",
            [("save_receipt", {"order_id": "6620"})],
        ),
        (
            "puxa o pedido 6620 para que eu veja o total",
            "pt-BR",
            [("find_order", {"order_id": "6620"})],
        ),
    ],
)
def test_a_purpose_after_the_request_is_read_past(
    shop: Selector, text: str, language: str, expected: list[tuple[str, dict[str, object]]]
) -> None:
    assert calls(shop.plan(text, language)) == expected


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("look up 6620 so I can refund $20 on ch-6620", "en"),
        ("look up 6620 so I can decide if we cancel it", "en"),
        ("puxa o pedido 6620 pra eu não cancelar errado", "pt-BR"),
    ],
)
def test_a_purpose_with_a_value_a_negation_or_a_supposition_is_not_read_past(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == []
