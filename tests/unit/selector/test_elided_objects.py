"""A second request that names its other values but not the thing ("reopen 8120 and charge
$60") acts on the thing of the request before it; an amount or free text is never carried over,
and a pronoun that points into a negated clause points at nothing sure."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "first"),
    [
        ("reopen 8120 and charge $60", "en", "reopen_order"),
        ("look up order 8120 then charge 60 dollars", "en", "find_order"),
        ("reabre o 8120 e cobra 60 dólares", "pt-BR", "reopen_order"),
        ("consulta o pedido 8120 e depois cobra R$ 60", "pt-BR", "find_order"),
    ],
)
def test_a_charge_after_a_request_on_an_order_charges_that_order(
    shop: Selector, text: str, language: str, first: str
) -> None:
    assert calls(shop.plan(text, language)) == [
        (first, {"order_id": "8120"}),
        ("charge_card", {"amount": 60, "order_id": "8120"}),
    ]


def test_an_amount_is_never_carried_to_the_next_request(shop: Selector) -> None:
    plan = calls(shop.plan("charge $60 to order 8120 and refund ch-31", "en"))
    assert plan == [
        ("charge_card", {"amount": 60, "order_id": "8120"}),
        ("refund_card", {"charge_id": "ch-31"}),
    ]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("hoje é dia 3 e o pedido 6100 ainda não foi pago, cobra 20 dólares nele", "pt-BR"),
        ("it's the 3rd and order 6100 still isn't paid, charge $20 to it", "en"),
    ],
)
def test_a_pronoun_into_a_negated_clause_never_leaves_a_charge_without_its_order(
    shop: Selector, text: str, language: str
) -> None:
    plan = calls(shop.plan(text, language))
    assert plan in ([], [("charge_card", {"amount": 20, "order_id": "6100"})])
