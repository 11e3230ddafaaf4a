"""Don't X, just Y: the refused act is barred and the asked one planned, whatever the words
around it ("direto", "né", "though")."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        (
            "não precisa olhar, reabre direto o pedido 5821",
            "pt-BR",
            [("reopen_order", {"order_id": "5821"})],
        ),
        (
            "nem precisa buscar, pode salvar direto o recibo do 5821",
            "pt-BR",
            [("save_receipt", {"order_id": "5821"})],
        ),
        (
            "not cancelling 5821 - pull it up though",
            "en",
            [("find_order", {"order_id": "5821"})],
        ),
    ],
)
def test_the_asked_act_is_planned_past_the_refused_one(
    shop: Selector, text: str, language: str, expected: list[tuple[str, dict[str, object]]]
) -> None:
    assert calls(shop.plan(text, language)) == expected


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("não precisa olhar, não reabre o pedido 5821", "pt-BR"),
        ("não reabre direto o pedido 5821", "pt-BR"),
        ("not cancelling 5821 - cancel it though", "en"),
    ],
)
def test_the_refused_act_is_never_planned(shop: Selector, text: str, language: str) -> None:
    assert calls(shop.plan(text, language)) == []
