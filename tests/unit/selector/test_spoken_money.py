"""Money as it is said: a spelled amount and its spelled cents ("nine forty", "nove e quarenta"),
cents after the currency's name ("eight dollars seventy five", "oito dólares e setenta"),
slang for dollars ("doletas"), a marked amount after a bare order ("7310 for $61", "USD 95"),
and "the full 18.50" of a refund; a compound number stays one number."""

from __future__ import annotations

from typing import Any

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "plan"),
    [
        (
            "refund ch-5521 nine forty",
            "en",
            ("refund_card", {"charge_id": "ch-5521", "amount": 9.4}),
        ),
        (
            "refund eight dollars seventy five on ch-5521",
            "en",
            ("refund_card", {"amount": 8.75, "charge_id": "ch-5521"}),
        ),
        (
            "refund 8 dollars 75 cents on ch-5521",
            "en",
            ("refund_card", {"amount": 8.75, "charge_id": "ch-5521"}),
        ),
        (
            "estorna oito dólares e setenta da ch-5521",
            "pt-BR",
            ("refund_card", {"amount": 8.7, "charge_id": "ch-5521"}),
        ),
        (
            "estorna oito dólares setenta e cinco centavos da ch-5521",
            "pt-BR",
            ("refund_card", {"amount": 8.75, "charge_id": "ch-5521"}),
        ),
        (
            "refund nine forty dollars on ch-5521",
            "en",
            ("refund_card", {"charge_id": "ch-5521", "amount": 9.4}),
        ),
        (
            "charge twenty two fifty to order 7310",
            "en",
            ("charge_card", {"amount": 22.5, "order_id": "7310"}),
        ),
        (
            "estorna nove e quarenta da ch-5521",
            "pt-BR",
            ("refund_card", {"charge_id": "ch-5521", "amount": 9.4}),
        ),
        (
            "cobra vinte e dois e cinquenta do pedido 7310",
            "pt-BR",
            ("charge_card", {"amount": 22.5, "order_id": "7310"}),
        ),
        # A compound number is one number, never a whole and its cents.
        (
            "refund ch-5521 twenty five",
            "en",
            ("refund_card", {"charge_id": "ch-5521", "amount": 25}),
        ),
        (
            "cobra cento e cinquenta do pedido 7310",
            "pt-BR",
            ("charge_card", {"amount": 150, "order_id": "7310"}),
        ),
        (
            "estorna 15 doletas da ch-5521",
            "pt-BR",
            ("refund_card", {"charge_id": "ch-5521", "amount": 15}),
        ),
        ("ring up 7310 for $61", "en", ("charge_card", {"amount": 61, "order_id": "7310"})),
        ("bill 7310 USD 95", "en", ("charge_card", {"amount": 95, "order_id": "7310"})),
        ("cobra o 7310 US$ 95", "pt-BR", ("charge_card", {"amount": 95, "order_id": "7310"})),
        # A round amount said to be exact is that amount.
        ("charge 40 even to order 7310", "en", ("charge_card", {"amount": 40, "order_id": "7310"})),
        (
            "refund $15 flat on ch-5521",
            "en",
            ("refund_card", {"charge_id": "ch-5521", "amount": 15}),
        ),
        (
            "cobra 40 dólares certinho do pedido 7310",
            "pt-BR",
            ("charge_card", {"amount": 40, "order_id": "7310"}),
        ),
        (
            "kindly refund the full 18.50 on ch-5521",
            "en",
            ("refund_card", {"charge_id": "ch-5521", "amount": 18.5}),
        ),
        (
            "pay back the whole 30 on ch-5521",
            "en",
            ("refund_card", {"charge_id": "ch-5521", "amount": 30}),
        ),
    ],
)
def test_money_as_it_is_said_reads_its_amount(
    shop: Selector, text: str, language: str, plan: tuple[str, dict[str, Any]]
) -> None:
    assert calls(shop.plan(text, language)) == [plan]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        # An unmarked amount the word of price leads is never the longer number: neither is
        # guessed.
        ("charge 61 for 7310", "en"),
        # Spelled cents after digits are not said that way: never 9.40 or 940.
        ("refund ch-5521 9 forty", "en"),
    ],
)
def test_money_that_could_be_read_two_ways_stays_unread(
    shop: Selector, text: str, language: str
) -> None:
    assert shop.plan(text, language).unread


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("refund 8 dollars 75 on ch-5521", "en"),
        ("don't refund eight dollars seventy five on ch-5521", "en"),
        ("não estorna oito dólares e setenta da ch-5521", "pt-BR"),
    ],
)
def test_digits_after_the_currency_or_a_negation_are_never_cents(
    shop: Selector, text: str, language: str
) -> None:
    assert all(
        args.get("amount") not in (8.75, 8.7) for _, args in calls(shop.plan(text, language))
    )
