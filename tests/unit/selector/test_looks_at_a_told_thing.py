"""A look whose thing is a pronoun or left out takes the thing an earlier clause named: a fact
("o cliente nunca recebeu o pedido 6120, dá uma olhada nele", "the customer never got order
6120, take a look at it") or an act refused ("não precisa cancelar o 6120, só dá uma olhada");
the refused act stays refused, and a look refused plans nothing."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("o cliente nunca recebeu o pedido 6120, dá uma olhada nele", "pt-BR"),
        ("a encomenda do pedido 6120 voltou, dá uma espiada nela", "pt-BR"),
        ("não precisa cancelar o 6120, só dá uma olhada", "pt-BR"),
        ("não precisa reabrir o pedido 6120, só dá uma conferida", "pt-BR"),
        ("the customer never got order 6120, take a look at it", "en"),
        ("no need to cancel 6120, just have a look at it", "en"),
    ],
)
def test_a_look_takes_the_thing_told_before_it(shop: Selector, text: str, language: str) -> None:
    assert calls(shop.plan(text, language)) == [("find_order", {"order_id": "6120"})]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("não dá uma olhada no 6120", "pt-BR"),
        ("não cancela o 6120 nem dá uma olhada nele", "pt-BR"),
        ("don't cancel 6120 or take a look at it", "en"),
        ("take a look", "en"),
        ("I'll take a look", "en"),
    ],
)
def test_a_refused_or_thingless_look_plans_nothing(
    shop: Selector, text: str, language: str
) -> None:
    plan = shop.plan(text, language)
    assert calls(plan) == []
    assert all("ancel" not in s for s in plan.suggestions)
