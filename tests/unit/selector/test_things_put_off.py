"""A clause that puts a thing off ("deixa o pedido 8732 de lado", "deixa o 8732 pra lá") is
one negated clause, its ending no clause of its own: the request after it is read, and the
thing put off is never the request's ("deixa o pedido 8732 de lado, cancela ele" plans
nothing)."""

from __future__ import annotations

from typing import Any

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "plan"),
    [
        ("deixa o pedido 8732 de lado, olha os emails", ("read_inbox", {})),
        ("deixe o pedido 4410 pra lá, só confere a caixa de entrada", ("read_inbox", {})),
        (
            "deixa o pedido 4410 em paz, cancela o pedido 4411",
            ("cancel_order", {"order_id": "4411"}),
        ),
        ("deixa o pedido 4410 quieto, só olha a caixa de entrada", ("read_inbox", {})),
    ],
)
def test_a_request_after_a_thing_put_off_is_read(
    shop: Selector, text: str, plan: tuple[str, dict[str, Any]]
) -> None:
    assert calls(shop.plan(text, "pt-BR")) == [plan]


@pytest.mark.parametrize(
    "text",
    [
        "deixa o pedido 8732 de lado, cancela ele",
        "deixa o pedido 8732 pra lá, olha ele",
        "deixa o pedido 8732 pra depois, reabre",
    ],
)
def test_the_thing_put_off_is_never_the_requests(shop: Selector, text: str) -> None:
    assert calls(shop.plan(text, "pt-BR")) == []
