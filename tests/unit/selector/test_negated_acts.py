"""A negated clause bars the acts it names by a word that opens their phrases ("cancel",
"estorna"); a word a phrase holds in passing ("her", "cliente", "got") names no act, so the
request after a negated fact about the customer is read, and the negated act never is."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        (
            "the buyer never got her lamp, refund ch-2231 for 30",
            "en",
            ("refund_card", {"charge_id": "ch-2231", "amount": 30}),
        ),
        ("he didn't want to cancel 6620, reopen it", "en", ("reopen_order", {"order_id": "6620"})),
        (
            "a cliente nunca recebeu a caixa, estorna 30 dólares da ch-2231",
            "pt-BR",
            ("refund_card", {"amount": 30, "charge_id": "ch-2231"}),
        ),
        (
            "o cliente não gostou da cor, reembolsa a ch-2231 em 30 dólares",
            "pt-BR",
            ("refund_card", {"charge_id": "ch-2231", "amount": 30}),
        ),
    ],
)
def test_a_negated_fact_about_the_customer_leaves_the_request_after_it(
    shop: Selector, text: str, language: str, expected: tuple[str, dict[str, object]]
) -> None:
    assert calls(shop.plan(text, language)) == [expected]


@pytest.mark.parametrize(
    ("text", "language", "negated"),
    [
        ("the buyer never got her lamp, don't refund ch-2231", "en", "refund_card"),
        ("he didn't cancel 6620, cancel 6620", "en", "cancel_order"),
        ("she won't get a refund, refund ch-2231 $30", "en", "refund_card"),
        ("o cliente não recebeu, não estorna a ch-2231", "pt-BR", "refund_card"),
        ("não cancela o 6620, cancela o 6620", "pt-BR", "cancel_order"),
    ],
)
def test_an_act_a_negated_clause_opens_is_never_planned(
    shop: Selector, text: str, language: str, negated: str
) -> None:
    assert negated not in [tool for tool, _ in calls(shop.plan(text, language))]


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        (
            "the courier came by again, refund ch-5120 $12",
            "en",
            ("refund_card", {"charge_id": "ch-5120", "amount": 12}),
        ),
        (
            "o motoboy passou de novo, estorna 12 dólares da ch-5120",
            "pt-BR",
            ("refund_card", {"amount": 12, "charge_id": "ch-5120"}),
        ),
        (
            "hi, it's Sam from the stockroom. could you save the receipt for 6641",
            "en",
            ("save_receipt", {"order_id": "6641"}),
        ),
    ],
)
def test_a_story_holding_a_phrase_word_in_passing_is_read_past(
    shop: Selector, text: str, language: str, expected: tuple[str, dict[str, object]]
) -> None:
    assert calls(shop.plan(text, language)) == [expected]
