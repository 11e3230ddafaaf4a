"""A clause that tells what has happened to a thing ("order 5521 was cancelled by mistake", "a
cobrança ch-7781 veio em dobro") is a fact before the request: its negation and its act's word
are the story's, the request after it plans and takes the thing it names. A supposition, a
report or a negated request still leaves the turn unread, and a fact alone asks for nothing."""

from __future__ import annotations

from typing import Any

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "plan"),
    [
        (
            "order 6185 was cancelled by mistake, reopen it",
            "en",
            ("reopen_order", {"order_id": "6185"}),
        ),
        (
            "the parcel for order 6185 never arrived, look it up",
            "en",
            ("find_order", {"order_id": "6185"}),
        ),
        (
            "the charge ch-2290 was doubled, refund $12 of it",
            "en",
            ("refund_card", {"charge_id": "ch-2290", "amount": 12}),
        ),
        (
            "On the 3rd of May I cancelled 6185 by mistake. Reopen it please.",
            "en",
            ("reopen_order", {"order_id": "6185"}),
        ),
        (
            "no dia 3 de maio eu cancelei o 6185 sem querer, reabre ele",
            "pt-BR",
            ("reopen_order", {"order_id": "6185"}),
        ),
        (
            "o pedido 6185 foi cancelado sem querer, reabre ele",
            "pt-BR",
            ("reopen_order", {"order_id": "6185"}),
        ),
        (
            "a cobrança ch-2290 não veio certa, estorna 12 dólares",
            "pt-BR",
            ("refund_card", {"charge_id": "ch-2290", "amount": 12}),
        ),
    ],
)
def test_a_request_after_a_told_fact_plans_with_the_thing_it_names(
    shop: Selector, text: str, language: str, plan: tuple[str, dict[str, Any]]
) -> None:
    assert calls(shop.plan(text, language)) == [plan]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("order 6185 was cancelled by mistake", "en"),
        ("order 6185 was cancelled by mistake, don't reopen it", "en"),
        ("On the 3rd of May I didn't cancel 6185, cancel it", "en"),
        ("I was charged 55 twice on the 4th, refund ch-77", "en"),
        ("if order 6185 was cancelled by mistake, reopen it", "en"),
        ("she said order 6185 was cancelled, reopen it", "en"),
        ("the charge ch-2290 was doubled", "en"),
        ("o pedido 6185 foi cancelado sem querer", "pt-BR"),
        ("o pedido 6185 foi cancelado sem querer, não reabre ele", "pt-BR"),
        ("se o pedido 6185 foi cancelado, reabre ele", "pt-BR"),
        ("ela disse que o pedido 6185 foi cancelado, reabre ele", "pt-BR"),
    ],
)
def test_a_told_fact_alone_or_before_a_negated_or_supposed_request_stays_unread(
    shop: Selector, text: str, language: str
) -> None:
    assert not shop.plan(text, language).calls


@pytest.mark.parametrize(
    ("text", "language", "plan"),
    [
        (
            "a buyer rang about order 4127 this morning - please cancel it, reason: sent twice",
            "en",
            ("cancel_order", {"order_id": "4127", "reason": "sent twice"}),
        ),
        (
            "uma cliente ligou sobre o pedido 4127, cancela ele, motivo: veio em dobro",
            "pt-BR",
            ("cancel_order", {"order_id": "4127", "reason": "veio em dobro"}),
        ),
    ],
)
def test_a_request_that_points_back_to_the_story_s_thing_keeps_its_reason(
    shop: Selector, text: str, language: str, plan: tuple[str, dict[str, Any]]
) -> None:
    assert calls(shop.plan(text, language)) == [plan]


@pytest.mark.parametrize(
    ("text", "language"),
    [("cancel it because the box broke", "en"), ("cancela isso porque quebrou", "pt-BR")],
)
def test_a_call_that_points_back_with_only_a_reason_names_no_thing_and_stays_unread(
    shop: Selector, text: str, language: str
) -> None:
    assert not shop.plan(text, language).calls
