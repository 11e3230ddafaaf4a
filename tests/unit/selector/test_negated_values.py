"""A value in a negated clause that the request beside it does not take is the negated act's
own: "don't cancel 5120, just refund ch-7731" refunds the charge, and cancels nothing."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "plan"),
    [
        ("don't cancel 5120, just refund ch-7731", "en", ("refund_card", "charge_id", "ch-7731")),
        (
            "no need to reopen order 3381, just find order 3382",
            "en",
            ("find_order", "order_id", "3382"),
        ),
        (
            "não cancela o 5120, só estorna a ch-7731",
            "pt-BR",
            ("refund_card", "charge_id", "ch-7731"),
        ),
        (
            "não precisa reabrir o pedido 3381, só busca o pedido 3382",
            "pt-BR",
            ("find_order", "order_id", "3382"),
        ),
    ],
)
def test_the_request_beside_a_negated_act_reads_without_its_value(
    shop: Selector, text: str, language: str, plan: tuple[str, str, str]
) -> None:
    tool, name, value = plan
    assert calls(shop.plan(text, language)) == [(tool, {name: value})]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("don't cancel 5120, cancel 5121", "en"),
        ("refund ch-7731, don't cancel 5120", "en"),
        ("não cancela o 5120, cancela o 5121", "pt-BR"),
    ],
)
def test_a_negated_act_with_its_own_value_is_still_never_planned(
    shop: Selector, text: str, language: str
) -> None:
    assert "cancel_order" not in [tool for tool, _ in calls(shop.plan(text, language))]
