"""More ways to ask for money to move: "stick $45 on order 2210", "a $4.50 charge on order 2210",
"passa 40 dólares no pedido 2210", and "USS 25" typed for "US$ 25" where the $ key is missed."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        ("stick $45 on order 2216", "en", ("charge_card", {"amount": 45, "order_id": "2216"})),
        (
            "stick $45 on the card for order 2216",
            "en",
            ("charge_card", {"amount": 45, "order_id": "2216"}),
        ),
        (
            "a $4.50 charge on order 2216 please",
            "en",
            ("charge_card", {"amount": 4.5, "order_id": "2216"}),
        ),
        ("$12 charge for order 2216", "en", ("charge_card", {"amount": 12, "order_id": "2216"})),
        (
            "passa 40 dólares no pedido 2216",
            "pt-BR",
            ("charge_card", {"amount": 40, "order_id": "2216"}),
        ),
        (
            "passa quarenta e dois dólares no 2216",
            "pt-BR",
            ("charge_card", {"amount": 42, "order_id": "2216"}),
        ),
        (
            "estorna uss 25 da ch-2216",
            "pt-BR",
            ("refund_card", {"amount": 25, "charge_id": "ch-2216"}),
        ),
        (
            "refund USS 25 on ch-2216",
            "en",
            ("refund_card", {"amount": 25, "charge_id": "ch-2216"}),
        ),
    ],
)
def test_money_asked_for_in_more_wordings_reads(
    shop: Selector, text: str, language: str, expected: tuple[str, dict[str, object]]
) -> None:
    assert calls(shop.plan(text, language)) == [expected]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("a $4.50 charge on order 2216 was disputed", "en"),
        ("a $4.50 charge on order 2216?", "en"),
        ("don't stick $45 on order 2216", "en"),
        ("não passa 40 dólares no pedido 2216", "pt-BR"),
    ],
)
def test_money_that_is_told_refused_or_unmarked_plans_no_charge(
    shop: Selector, text: str, language: str
) -> None:
    assert [tool for tool, _ in calls(shop.plan(text, language))] in ([], ["find_order"])
