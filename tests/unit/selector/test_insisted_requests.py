"""A bare "no" before a request said with insistence ("no no, I DO want it", "não, não, quero
sim") says no to what was understood, not to the request: the request is planned. A bare "no"
before a plain request, or a negation of the act, still plans nothing."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        (
            "no, no, I do want order 2264 cancelled",
            "en",
            [("cancel_order", {"order_id": "2264"})],
        ),
        (
            "nope - we DO need the receipt for 2264 saved",
            "en",
            [("save_receipt", {"order_id": "2264"})],
        ),
        (
            "não, não, quero sim cancelar o pedido 2264",
            "pt-BR",
            [("cancel_order", {"order_id": "2264"})],
        ),
    ],
)
def test_no_before_an_insisted_request_plans_the_request(
    shop: Selector, text: str, language: str, expected: list[tuple[str, dict[str, object]]]
) -> None:
    assert calls(shop.plan(text, language)) == expected


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("no no, cancel order 2264", "en"),
        ("no no, I do want order 2264, don't cancel it", "en"),
        ("no, I do want to not cancel order 2264", "en"),
        ("não, não, quero sim, mas não reabre o pedido 2264", "pt-BR"),
        ("no no, do I want order 2264 cancelled?", "en"),
    ],
)
def test_a_bare_no_or_a_refused_act_still_plans_nothing(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == []
