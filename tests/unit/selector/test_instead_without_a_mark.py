"""An "instead of" clause ends with its act's thing, mark or no mark: "em vez de cancelar o 3320
reabre ele" sets the cancel aside and asks for the reopening; so does any negated clause whose
thing an act's word follows ("não quero mais o pedido 6120 cancela ele"). The act set aside is
never planned, nor is one whose clause runs on with no thing of its own."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        (
            "em vez de cancelar o pedido 5094 reabre ele",
            "pt-BR",
            [("reopen_order", {"order_id": "5094"})],
        ),
        (
            "ao invés de estornar a ch-5094 me mostra o pedido 5093",
            "pt-BR",
            [("find_order", {"order_id": "5093"})],
        ),
        (
            "não quero mais o pedido 6120 cancela ele",
            "pt-BR",
            [("cancel_order", {"order_id": "6120"})],
        ),
        (
            "don't refund ch-6120 look up order 6121",
            "en",
            [("find_order", {"order_id": "6121"})],
        ),
        (
            "instead of refunding ch-5094 look up order 5093",
            "en",
            [("find_order", {"order_id": "5093"})],
        ),
    ],
)
def test_the_clause_set_aside_ends_with_its_thing(
    shop: Selector, text: str, language: str, expected: list[tuple[str, dict[str, object]]]
) -> None:
    assert calls(shop.plan(text, language)) == expected


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("em vez de cancelar o pedido 5094 cancela o 5093", "pt-BR"),
        ("instead of refunding ch-5094 refund ch-5093 $4", "en"),
        ("em vez de cancelar reabre", "pt-BR"),
        ("instead of cancelling order 5094 and reopening it", "en"),
        ("não cancela o pedido 6120 cancela o 6121", "pt-BR"),
        ("não quero o pedido 6120 cancelado", "pt-BR"),
        ("don't charge order 6120 $30 charge it $20", "en"),
        ("put through order 6120 through no, on the card 40", "en"),
        ("não quero que o pedido 6120 seja cancelado agora", "pt-BR"),
    ],
)
def test_the_act_set_aside_is_never_planned(shop: Selector, text: str, language: str) -> None:
    assert calls(shop.plan(text, language)) == []
