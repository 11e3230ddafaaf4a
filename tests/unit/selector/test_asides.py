"""An aside between two requests ("and while you're at it", "e aproveitando") or a time the
person was away at the end of a question ("while I was out", "enquanto eu tava fora") is read
past: it asks for nothing, and it is never a reason."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        (
            "reopen 4471, and while you're at it, look up 4472",
            "en",
            [("reopen_order", {"order_id": "4471"}), ("find_order", {"order_id": "4472"})],
        ),
        (
            "Cancel 4471, while you are at it, cancel 4472 as well",
            "en",
            [("cancel_order", {"order_id": "4471"}), ("cancel_order", {"order_id": "4472"})],
        ),
        (
            "reabre o 4471 e, aproveitando, salva o recibo do 4472",
            "pt-BR",
            [("reopen_order", {"order_id": "4471"}), ("save_receipt", {"order_id": "4472"})],
        ),
        ("any new emails while I was out?", "en", [("read_inbox", {})]),
        ("is there any new mail?", "en", [("read_inbox", {})]),
        ("chegou email enquanto eu tava fora?", "pt-BR", [("read_inbox", {})]),
    ],
)
def test_an_aside_is_read_past(
    shop: Selector, text: str, language: str, expected: list[tuple[str, dict[str, object]]]
) -> None:
    assert calls(shop.plan(text, language)) == expected


def test_an_aside_alone_asks_for_nothing(shop: Selector) -> None:
    assert calls(shop.plan("while you're at it, thanks", "en")) == []


def test_an_aside_is_never_a_reason(shop: Selector) -> None:
    plan = shop.plan("cancel 4471, while you're at it, cancel 4472", "en")
    assert calls(plan) == [
        ("cancel_order", {"order_id": "4471"}),
        ("cancel_order", {"order_id": "4472"}),
    ]
