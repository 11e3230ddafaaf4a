"""A thing a told fact names ("I never received the item from ch-4208") is the fronted object of
the request right after it ("refund the $38 please"); a refusal ("never charge ch-4208") is no
fact and lends no thing, and a supposition keeps the turn unread."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("I never received the item from ch-6190, refund the $25 please", "en"),
        ("we never got the parts from ch-6190, refund $25", "en"),
        ("nunca recebi o produto da ch-6190, estorna 25 dólares", "pt-BR"),
        ("a cliente não recebeu a ch-6190, devolve 25 dólares pfv", "pt-BR"),
    ],
)
def test_a_request_takes_the_thing_a_told_fact_named(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == [
        ("refund_card", {"charge_id": "ch-6190", "amount": 25})
    ]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("never charge ch-6190, refund $25", "en"),
        ("don't refund ch-6190, refund $25", "en"),
        ("if I never received the item from ch-6190, refund the $25", "en"),
        ("não estorna a ch-6190, devolve 25 dólares", "pt-BR"),
        ("se a cliente não recebeu a ch-6190, devolve 25 dólares", "pt-BR"),
    ],
)
def test_a_refusal_or_supposition_lends_no_thing(shop: Selector, text: str, language: str) -> None:
    assert calls(shop.plan(text, language)) == []
