"""Taking back what one said ("never mind what I said", "esquece o que eu disse") is no report:
the request after it is read. A report or a supposition in any other clause still keeps the
turn unread."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        (
            "never mind what I told you before, cancel 6631",
            "en",
            ("cancel_order", {"order_id": "6631"}),
        ),
        (
            "forget what I said, refund ch-6631 $14",
            "en",
            ("refund_card", {"charge_id": "ch-6631", "amount": 14}),
        ),
        ("esquece o que eu disse, cancela o 6631", "pt-BR", ("cancel_order", {"order_id": "6631"})),
    ],
)
def test_the_request_after_a_retraction_is_read(
    shop: Selector, text: str, language: str, expected: tuple[str, dict[str, object]]
) -> None:
    assert calls(shop.plan(text, language)) == [expected]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("never mind, she said to cancel 6631", "en"),
        ("never mind, if it's paid cancel 6631", "en"),
        ("she said never mind what I said, cancel 6631", "en"),
        ("esquece, ele disse pra cancelar o 6631", "pt-BR"),
        ("se der, esquece o que eu disse e cancela o 6631", "pt-BR"),
    ],
)
def test_a_report_or_supposition_outside_the_retraction_keeps_the_turn_unread(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == []
