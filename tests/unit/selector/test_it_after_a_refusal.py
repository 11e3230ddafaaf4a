"""After a refused act, "it" in the request points at the refused act's thing: "rather than
cancel 1947, charge it $48" charges order 1947, "não cancela o 1947, reabre ele" reopens it. The
refused act stays barred, and "it" takes the thing only where the refusal named one of its kind."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        ("Rather than cancel 1947, charge it $48", "en", ("charge_card", {"amount": 48})),
        ("don't cancel order 1947, charge it $48", "en", ("charge_card", {"amount": 48})),
        ("instead of cancelling 1947, reopen it", "en", ("reopen_order", {})),
        ("não cancela o 1947, reabre ele", "pt-BR", ("reopen_order", {})),
        (
            "em vez de cancelar o pedido 1947, cobra US$ 48 nele",
            "pt-BR",
            ("charge_card", {"amount": 48}),
        ),
    ],
)
def test_it_takes_the_refused_acts_thing(
    shop: Selector, text: str, language: str, expected: tuple[str, dict[str, object]]
) -> None:
    tool, args = expected
    assert calls(shop.plan(text, language)) == [(tool, {**args, "order_id": "1947"})]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("don't cancel 1947, cancel it", "en"),
        ("não cancela o 1947, cancela ele", "pt-BR"),
    ],
)
def test_the_refused_act_stays_barred(shop: Selector, text: str, language: str) -> None:
    assert calls(shop.plan(text, language)) == []


def test_a_thing_of_another_kind_is_not_taken(shop: Selector) -> None:
    # The refund's charge id is no order: no charge takes it.
    plan = shop.plan("don't refund ch-1947, charge it $48", "en")
    assert all(args.get("order_id") != "ch-1947" for _, args in calls(plan))
