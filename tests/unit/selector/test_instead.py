""" "Instead of X, Y" and "X, just Y" ask for Y only: "instead of" ("em vez de") says no to the act
after it as "don't" does, and "just" ("só") parts the clauses as a mark does. The act set aside is
never planned."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        (
            "instead of refunding ch-3321 just reopen 3320",
            "en",
            ("reopen_order", {"order_id": "3320"}),
        ),
        ("rather than cancelling 3320, reopen it", "en", ("reopen_order", {"order_id": "3320"})),
        ("don't cancel 3320, reopen it instead", "en", ("reopen_order", {"order_id": "3320"})),
        ("no need to cancel just reopen 3320", "en", ("reopen_order", {"order_id": "3320"})),
        ("em vez de cancelar o 3320, reabre ele", "pt-BR", ("reopen_order", {"order_id": "3320"})),
        (
            "ao invés de cancelar o 3321, reabre o 3320",
            "pt-BR",
            ("reopen_order", {"order_id": "3320"}),
        ),
    ],
)
def test_instead_of_x_plans_only_y(
    shop: Selector, text: str, language: str, expected: tuple[str, dict[str, object]]
) -> None:
    assert calls(shop.plan(text, language)) == [expected]


@pytest.mark.parametrize(
    ("text", "language", "negated"),
    [
        ("instead of cancelling 3320, cancel 3320", "en", "cancel_order"),
        ("reopen 3320 instead of cancelling it", "en", "cancel_order"),
        ("no lugar de cancelar o 3320, cancela o 3321", "pt-BR", "cancel_order"),
    ],
)
def test_the_act_set_aside_is_never_planned(
    shop: Selector, text: str, language: str, negated: str
) -> None:
    assert negated not in [tool for tool, _ in calls(shop.plan(text, language))]
