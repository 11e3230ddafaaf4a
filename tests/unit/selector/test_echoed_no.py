"""A bare "no" that a negated clause says again ("no, don't reopen 1432") says no to that
clause's act, not to the whole turn: the request beside it is read; a bare "no" alone before a
request, or before nothing else, still plans nothing."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        (
            "no, don't reopen 1432 - just look it up",
            "en",
            ("find_order", {"order_id": "1432"}),
        ),
        (
            "No, I don't need order 3126 any more - cancel it.",
            "en",
            ("cancel_order", {"order_id": "3126"}),
        ),
        (
            "no, I meant order 6094 not 6049 - look up 6094",
            "en",
            ("find_order", {"order_id": "6094"}),
        ),
        ("não, não reabre o 1432, só olha ele", "pt-BR", ("find_order", {"order_id": "1432"})),
    ],
)
def test_a_no_said_again_by_a_negated_clause_leaves_the_request_beside_it(
    shop: Selector, text: str, language: str, expected: tuple[str, dict[str, object]]
) -> None:
    assert calls(shop.plan(text, language)) == [expected]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("no, no, cancel 4411", "en"),
        ("no, don't cancel 4411", "en"),
        ("no, don't reopen 1432 - reopen it", "en"),
        ("não, não cancela o 4411", "pt-BR"),
        ("não, não reabre o 1432, reabre ele", "pt-BR"),
    ],
)
def test_the_negated_act_itself_is_never_planned(shop: Selector, text: str, language: str) -> None:
    assert calls(shop.plan(text, language)) == []
