"""How long something has taken, told after a question ("cadê o pedido 6120? faz 2 semanas",
"where's my order 6120? it's been a week"), is chat: its count of days or weeks is no value, and
its "been" asks nothing; a refused act stays refused and the count alone plans nothing."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("where's my order 6120? it's been 10 days", "en"),
        ("where's my order 6120? it's been a week", "en"),
        ("where is order 6120? it has been three weeks", "en"),
        ("is 6120 paid? been 2 weeks already", "en"),
        ("cadê o pedido 6120? faz 2 semanas", "pt-BR"),
        ("cadê o pedido 6120? já tem 3 dias", "pt-BR"),
        ("e o pedido 6120? já faz 1 mês", "pt-BR"),
        ("o 6120 já foi enviado? já faz 12 dias", "pt-BR"),
        ("cadê a compra 6120? já faz dez dias", "pt-BR"),
    ],
)
def test_how_long_after_a_question_leaves_the_look(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == [("find_order", {"order_id": "6120"})]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("it's been 10 days", "en"),
        ("has it been 10 days?", "en"),
        ("já faz 10 dias", "pt-BR"),
    ],
)
def test_how_long_alone_plans_nothing(shop: Selector, text: str, language: str) -> None:
    assert calls(shop.plan(text, language)) == []


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("don't cancel order 6120, it's been 10 days", "en"),
        ("não cancela o 6120, já faz 10 dias", "pt-BR"),
    ],
)
def test_how_long_after_a_refusal_plans_nothing(shop: Selector, text: str, language: str) -> None:
    plan = shop.plan(text, language)
    assert calls(plan) == []
    assert all("ancel" not in s for s in plan.suggestions)
