"""A negated clause bars the acts it names, never by its negation or its "no need" alone: "não
precisa" is what negates, not a request ("o pedido precisa ser cancelado")."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("não precisa mandar email, só cancela o pedido 6458", "pt-BR"),
        ("no need to email anyone, just cancel order 6458", "en"),
    ],
)
def test_no_need_for_one_act_leaves_the_other(shop: Selector, text: str, language: str) -> None:
    assert calls(shop.plan(text, language)) == [("cancel_order", {"order_id": "6458"})]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("não precisa! cancela o pedido 6458", "pt-BR"),
        ("não precisa cancelar, só cancela o pedido 6458", "pt-BR"),
        ("no need to cancel, just cancel order 6458", "en"),
    ],
)
def test_a_bare_no_need_or_one_naming_the_act_still_plans_nothing(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == []
