"""A question asked inside a request to look ("check where 6120 is", "find out when 6120
shipped", "vê onde está o 6120") asks about its thing with no "?" and no question word first;
refused, it plans and offers nothing."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("check where 6120 is", "en"),
        ("can you see where order 6120 is", "en"),
        ("find out when 6120 shipped", "en"),
        ("look up how much 6120 was", "en"),
        ("no rush if it's slow, but can you check where 6120 is", "en"),
        ("vê onde está o 6120", "pt-BR"),
        ("confere quando o pedido 6120 saiu", "pt-BR"),
        ("olha pra mim onde tá o 6120", "pt-BR"),
    ],
)
def test_a_question_inside_a_look_reads_its_thing(shop: Selector, text: str, language: str) -> None:
    assert calls(shop.plan(text, language)) == [("find_order", {"order_id": "6120"})]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("don't check where 6120 is", "en"),
        ("never mind checking where 6120 is", "en"),
        ("não precisa ver onde está o 6120", "pt-BR"),
        ("não vê onde está o 6120", "pt-BR"),
    ],
)
def test_a_refused_look_with_a_question_plans_nothing(
    shop: Selector, text: str, language: str
) -> None:
    plan = shop.plan(text, language)
    assert calls(plan) == []
    assert not plan.suggestions
