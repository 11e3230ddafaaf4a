"""A fact told on someone's word ("segundo a Carla, o pedido 5113 ia ser cancelado", "according
to Carla, order 5113 was cancelled") reports what another person said: though pt-BR asks
"o pedido 5113 foi cancelado" with no question mark, told on a source's word it asks nothing,
and nothing runs."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("segundo a Carla, o pedido 5113 ia ser cancelado", "pt-BR"),
        ("segundo o cliente, o pedido 5113 já foi pago", "pt-BR"),
        ("de acordo com a Carla, o 5113 foi cancelado", "pt-BR"),
        ("de acordo com o financeiro o pedido 5113 foi estornado", "pt-BR"),
        ("according to Carla, order 5113 was cancelled", "en"),
        ("according to the courier, order 5113 has shipped", "en"),
    ],
)
def test_a_fact_on_a_sources_word_plans_nothing(shop: Selector, text: str, language: str) -> None:
    assert calls(shop.plan(text, language)) == []


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("o pedido 5113 já foi pago?", "pt-BR"),
        ("o pedido 5113 foi pago", "pt-BR"),
        ("has order 5113 shipped?", "en"),
    ],
)
def test_the_same_fact_asked_reads_the_order(shop: Selector, text: str, language: str) -> None:
    assert calls(shop.plan(text, language)) == [("find_order", {"order_id": "5113"})]
