"""A clause after a thing's value that tells what was done to it ("que eu cancelei", "that I
cancelled by mistake", "which she paid yesterday") describes the thing: it asks for nothing,
so the request reads past it, though it borrows a tool's word."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        (
            "reabre o pedido 4830 que eu cancelei ontem",
            "pt-BR",
            ("reopen_order", {"order_id": "4830"}),
        ),
        ("reopen 4830 that I cancelled by mistake", "en", ("reopen_order", {"order_id": "4830"})),
        (
            "save the receipt for 4830, which she paid yesterday",
            "en",
            ("save_receipt", {"order_id": "4830"}),
        ),
        (
            "salva o recibo do 4830 q o cliente pagou",
            "pt-BR",
            ("save_receipt", {"order_id": "4830"}),
        ),
    ],
)
def test_a_clause_that_tells_of_the_thing_is_read_past(
    shop: Selector, text: str, language: str, expected: tuple[str, dict[str, object]]
) -> None:
    assert calls(shop.plan(text, language)) == [expected]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("reopen 4830 that I didn't cancel", "en"),
        ("reabre o 4830 que ela disse que pagou", "pt-BR"),
        ("reopen 4830 that she cancels every week", "en"),
        ("reabre o 4830 que eu cancelei e o 4831", "pt-BR"),
        ("refund ch-4830 that I charged $40", "en"),
    ],
)
def test_a_clause_that_negates_supposes_or_holds_a_value_is_not_read_past(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == []
