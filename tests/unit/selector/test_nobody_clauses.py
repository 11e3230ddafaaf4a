""" "Ninguém" ("nobody") negates its clause as "não" does: a clause of what nobody did is a fact
before the request ("ninguém vai buscar o pedido 1475, cancela ele" cancels it), and a clause
that is only "nobody does it" asks for nothing."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        (
            "ninguém vai buscar o pedido 1475, cancela ele",
            "pt-BR",
            [("cancel_order", {"order_id": "1475"})],
        ),
        (
            "nobody is coming for order 1475, cancel it",
            "en",
            [("cancel_order", {"order_id": "1475"})],
        ),
        ("ninguém respondeu, lê a caixa de entrada", "pt-BR", [("read_inbox", {})]),
    ],
)
def test_a_clause_of_what_nobody_did_is_a_fact_before_the_request(
    shop: Selector, text: str, language: str, expected: list[tuple[str, dict[str, object]]]
) -> None:
    assert calls(shop.plan(text, language)) == expected


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("ninguém cancela o pedido 4411", "pt-BR"),
        ("ninguém estorna nada hoje", "pt-BR"),
        ("nobody cancels order 4411", "en"),
    ],
)
def test_nobody_doing_an_act_asks_for_nothing(shop: Selector, text: str, language: str) -> None:
    assert calls(shop.plan(text, language)) == []
