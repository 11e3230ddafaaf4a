"""An amount typed with no mark beside an order's bare number: the cents, or a word of price
before it ("for", "back", "deu", "valor"), tell the amount, and the order is never the shorter
number; where the cues disagree or none speaks, the turn stays unread."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


def _charge(order: str, amount: float) -> tuple[str, dict[str, object]]:
    return ("charge_card", {"order_id": order, "amount": amount})


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        ("bill 5521 for 64.90", "en", [_charge("5521", 64.9)]),
        # Pinned as unclear before this rule: the longer number is the order.
        ("bill 4411 for 40", "en", [_charge("4411", 40)]),
        ("charge 7310 for 61", "en", [_charge("7310", 61)]),
        ("please charge 2750 for 12", "en", [_charge("2750", 12)]),
        ("charge 8120 for 9.99 on the card", "en", [_charge("8120", 9.99)]),
        ("charge 6610 19.90", "en", [_charge("6610", 19.9)]),
        ("charge 5018, it's 33", "en", [_charge("5018", 33)]),
        ("charge 4120 64 cents", "en", [_charge("4120", 0.64)]),
        ("it's still open, so bill 2290 for 75", "en", [_charge("2290", 75)]),
        ("skip the email, just bill 6115 for 40.25", "en", [_charge("6115", 40.25)]),
        (
            "charge 1201 for 15 and 1202 for 30",
            "en",
            [_charge("1201", 15), _charge("1202", 30)],
        ),
        ("cobra o 5521 por 64,90", "pt-BR", [_charge("5521", 64.9)]),
        ("cobra o 2750, deu 12", "pt-BR", [_charge("2750", 12)]),
        ("cobra 8120, valor 9,99", "pt-BR", [_charge("8120", 9.99)]),
        ("cobra o 6610 19,90", "pt-BR", [_charge("6610", 19.9)]),
        (
            "cobra o 1201 por 15 e o 1202 por 30",
            "pt-BR",
            [_charge("1201", 15), _charge("1202", 30)],
        ),
    ],
)
def test_an_unmarked_amount_beside_a_bare_order_reads(
    shop: Selector, text: str, language: str, expected: list[tuple[str, dict[str, object]]]
) -> None:
    assert calls(shop.plan(text, language)) == expected


@pytest.mark.parametrize(
    ("text", "language"),
    [
        # The word of price leads the longer number: which is the order is not told.
        ("charge 120 for 7701", "en"),
        ("cobra o 90 por 3120", "pt-BR"),
        # Nothing tells them apart.
        ("charge 4409 4410", "en"),
        ("cobra o 3041 3042", "pt-BR"),
        # Both have cents.
        ("charge 44.09 for 27.50", "en"),
        # A sign, more than two decimals or an overflow is asked about, never read as typed.
        ("charge 4409 for -27.50", "en"),
        ("charge 4409 for 27.505", "en"),
        ("cobra o 3041 por 47,805", "pt-BR"),
        ("charge 4409 for 99999999999999999.50", "en"),
        # No act of money: the numbers take no roles.
        ("cancel 4409 for 20 minutes", "en"),
        ("find 4409 for 27.50", "en"),
        # A negated or a reported charge stays unread as it would with the order's noun.
        ("don't charge 4409 for 27.50", "en"),
        ("não cobra o 3041, deu 47,80", "pt-BR"),
        ("she said to charge 4409 for 27.50", "en"),
    ],
)
def test_an_untold_or_unsafe_amount_stays_unread(shop: Selector, text: str, language: str) -> None:
    assert calls(shop.plan(text, language)) == []


@pytest.mark.parametrize(
    ("text", "language", "suggestion"),
    [
        # Its order and amount go each where they were typed, never swapped.
        ("charge 7701 for 120 tomorrow", "en", "Charge 120 to the order 7701"),
        ("charge 3377 for 18 or 3378 for 22", "en", "Charge 18 to the order 3377"),
        ("cobra o 7701 por 120 amanhã", "pt-BR", "Cobrar 120 do pedido 7701 no cartão"),
    ],
)
def test_did_you_mean_keeps_each_number_in_its_role(
    shop: Selector, text: str, language: str, suggestion: str
) -> None:
    plan = shop.plan(text, language)
    assert not plan.calls
    assert plan.suggestions[:1] == (suggestion,)


@pytest.mark.parametrize(
    ("text", "language"),
    [("charge 4409 for 27.505", "en"), ("cobra o 3041 por 47,805", "pt-BR")],
)
def test_did_you_mean_takes_no_order_with_decimals(
    shop: Selector, text: str, language: str
) -> None:
    plan = shop.plan(text, language)
    assert not any("27.505" in s or "47,805" in s for s in plan.suggestions)


@pytest.mark.parametrize(
    ("text", "language"),
    [
        # A number that counts a noun after it is no order.
        ("I called 3 times, charge it $40", "en"),
        ("I called 30 times, charge it for 40", "en"),
        ("liguei 30 vezes, cobra ele, deu 40", "pt-BR"),
        ("charge 4409 for 2 items", "en"),
    ],
)
def test_a_count_is_never_the_order(shop: Selector, text: str, language: str) -> None:
    assert calls(shop.plan(text, language)) == []


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        ("sorry, hectic morning. 6118, charge it $15", "en", [_charge("6118", 15)]),
        ("desculpa a demora. 6118, cobra ele, R$ 15", "pt-BR", [_charge("6118", 15)]),
    ],
)
def test_a_bare_number_beside_a_marked_amount_is_the_order(
    shop: Selector, text: str, language: str, expected: list[tuple[str, dict[str, object]]]
) -> None:
    assert calls(shop.plan(text, language)) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("put 12 bucks back on ch-3301", {"amount": 12, "charge_id": "ch-3301"}),
        ("put $12 back onto ch-3301", {"amount": 12, "charge_id": "ch-3301"}),
        ("refund ch-3301 the sum of $80.10", {"amount": 80.1, "charge_id": "ch-3301"}),
        ("reverse ch-3301 the total of 19.99 dollars", {"amount": 19.99, "charge_id": "ch-3301"}),
    ],
)
def test_money_put_back_on_a_charge_or_its_sum_refunds_it(
    shop: Selector, text: str, expected: dict[str, object]
) -> None:
    assert calls(shop.plan(text, "en")) == [("refund_card", expected)]
