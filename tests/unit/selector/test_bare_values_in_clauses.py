"""A bare number in a clause read past ("about 6607", "don't cancel 5518") stands for the thing the
request after it points at ("reopen it"), as "order 6607" would; a year or a count never does, a
request naming its own thing keeps it, and a thing told with no word before it is never guessed
but beside an amount its mark tells ("7781, charge it $40")."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        ("don't cancel 5518, just reopen it", "en", ("reopen_order", {"order_id": "5518"})),
        ("não cancela o 5518, reabre ele", "pt-BR", ("reopen_order", {"order_id": "5518"})),
        (
            "a lady phoned about 6607 this morning, reopen it please",
            "en",
            ("reopen_order", {"order_id": "6607"}),
        ),
        (
            "uma senhora ligou sobre o 6607 hoje cedo, reabre ele",
            "pt-BR",
            ("reopen_order", {"order_id": "6607"}),
        ),
        (
            "foi mal, tava ocupado. o 7781, pode cobrar 40 dólares",
            "pt-BR",
            ("charge_card", {"order_id": "7781", "amount": 40}),
        ),
        # Beside an amount its mark tells, a bare number on its own is the order.
        (
            "sorry, busy morning. 7781, charge it $40",
            "en",
            ("charge_card", {"order_id": "7781", "amount": 40}),
        ),
    ],
)
def test_a_bare_number_read_past_is_the_thing_the_request_points_at(
    shop: Selector, text: str, language: str, expected: tuple[str, dict[str, object]]
) -> None:
    assert calls(shop.plan(text, language)) == [expected]


@pytest.mark.parametrize(
    ("text", "language", "order"),
    [
        ("she phoned about 6607, cancel 6608", "en", "6608"),
        ("ela ligou sobre o 6607, cancela o 6608", "pt-BR", "6608"),
    ],
)
def test_a_request_naming_its_own_thing_keeps_it(
    shop: Selector, text: str, language: str, order: str
) -> None:
    assert calls(shop.plan(text, language)) == [("cancel_order", {"order_id": order})]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("we sold 2025 mugs this year, reopen it", "en"),
        ("I called 3 times, reopen it", "en"),
        ("liguei 3 vezes, reabre ele", "pt-BR"),
    ],
)
def test_a_year_a_count_or_a_thing_without_a_word_before_it_is_never_guessed(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == []


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        (
            "I ordered 5530 on the 3rd and it still hasn't shipped, can you check it",
            "en",
            ("find_order", {"order_id": "5530"}),
        ),
        (
            "the parcel for order 5530 hasn't come after 9 days, cancel it",
            "en",
            ("cancel_order", {"order_id": "5530"}),
        ),
        (
            "oi, hoje é dia 12 e o pedido 5530 ainda não foi pago, cobra 60 dólares nele",
            "pt-BR",
            ("charge_card", {"order_id": "5530", "amount": 60}),
        ),
    ],
)
def test_a_date_or_a_count_in_a_negated_clause_is_only_told(
    shop: Selector, text: str, language: str, expected: tuple[str, dict[str, object]]
) -> None:
    assert calls(shop.plan(text, language)) == [expected]
