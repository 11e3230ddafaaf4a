"""An "instead" that points back ("cancela ele no lugar", "em vez disso, reabre ele") asks for the
act it stands beside; only "instead of X" ("em vez de", "no lugar de") sets an act aside."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        (
            "não estorna a ch-7120, em vez disso reabre o pedido 7121",
            "pt-BR",
            [("reopen_order", {"order_id": "7121"})],
        ),
        (
            "não cancela o 7121, reabre ele no lugar",
            "pt-BR",
            [("reopen_order", {"order_id": "7121"})],
        ),
        (
            "não reabre o pedido 7121, ao invés disso cancela ele",
            "pt-BR",
            [("cancel_order", {"order_id": "7121"})],
        ),
    ],
)
def test_instead_pointing_back_asks_for_its_act(
    shop: Selector, text: str, language: str, expected: list[tuple[str, dict[str, object]]]
) -> None:
    assert calls(shop.plan(text, language)) == expected


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("no lugar de cancelar o 7121", "pt-BR"),
        ("não cancela o 7121, em vez disso cancela o 7122", "pt-BR"),
        ("em vez disso, não reabre o pedido 7121", "pt-BR"),
    ],
)
def test_instead_of_an_act_still_sets_it_aside(shop: Selector, text: str, language: str) -> None:
    assert calls(shop.plan(text, language)) == []
