"""A negated clause that tells a fact is no refusal: what someone else did not do ("the courier
didn't ring", "o cliente não gostou"), or a thing the person does not need or want ("I don't
need order 4471 any more", "não preciso do pedido 4471"), before the request. A negated act
beside them is still barred, and a clause of the person's own "no" still says no to the turn."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        (
            "the buyer didn't like the colour, so refund $18 on ch-4471",
            "en",
            [("refund_card", {"amount": 18, "charge_id": "ch-4471"})],
        ),
        (
            "our customer doesn't like it, so refund $9 on ch-3310",
            "en",
            [("refund_card", {"amount": 9, "charge_id": "ch-3310"})],
        ),
        (
            "o cliente não quis, estorna 9 dólares da ch-3310",
            "pt-BR",
            [("refund_card", {"amount": 9, "charge_id": "ch-3310"})],
        ),
        (
            "she never picked it up, cancel order 4471",
            "en",
            [("cancel_order", {"order_id": "4471"})],
        ),
        (
            "o cliente não gostou, estorna 18 dólares da ch-4471",
            "pt-BR",
            [("refund_card", {"amount": 18, "charge_id": "ch-4471"})],
        ),
        (
            "we don't need order 4471 after all, so cancel it",
            "en",
            [("cancel_order", {"order_id": "4471"})],
        ),
        (
            "I don't want order 4471 today, cancel it please",
            "en",
            [("cancel_order", {"order_id": "4471"})],
        ),
        (
            "não preciso do pedido 4471, pode cancelar ele",
            "pt-BR",
            [("cancel_order", {"order_id": "4471"})],
        ),
    ],
)
def test_a_negated_fact_before_the_request_is_told_not_refused(
    shop: Selector, text: str, language: str, expected: list[tuple[str, dict[str, object]]]
) -> None:
    assert calls(shop.plan(text, language)) == expected


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("the buyer didn't want a refund, refund ch-4471 $18", "en"),
        ("she doesn't want it cancelled, cancel order 4471", "en"),
        ("o cliente não quer estorno, estorna 18 dólares da ch-4471", "pt-BR"),
        ("I don't want to, cancel order 4471", "en"),
        ("we don't need order 4471 cancelled, cancel it", "en"),
        ("não preciso, cancela o pedido 4471", "pt-BR"),
        ("I don't need order 4471, don't cancel it", "en"),
        ("the buyer said she didn't like it, cancel order 4471", "en"),
        ("before I forget, never cancel order 4471", "en"),
        ("order no need to, 4471 status", "en"),
        ("the customer didn't enjoy it, don't refund ch-3310", "en"),
    ],
)
def test_a_refusal_beside_a_fact_still_plans_nothing(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == []
