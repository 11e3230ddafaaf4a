"""A verb said once for two calls ("refund $12 on ch-31 and $8 on ch-32") is two calls of it,
each value keeping the span it was typed at; a second part without values of its own is not."""

from __future__ import annotations

import pytest

from stalwart_agents.plan import Call
from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("refund $12 on ch-31 and $8 on ch-32", "en"),
        ("refund ch-31 $12 and ch-32 $8", "en"),
        ("estorna 12 dólares na ch-31 e 8 na ch-32", "pt-BR"),
    ],
)
def test_a_verb_said_once_is_two_calls_of_it(shop: Selector, text: str, language: str) -> None:
    plan = shop.plan(text, language)
    assert calls(plan) == [
        ("refund_card", {"amount": 12, "charge_id": "ch-31"}),
        ("refund_card", {"amount": 8, "charge_id": "ch-32"}),
    ]
    typed = [text[start:end] for call in plan.calls for start, end in _spans(call)]
    assert [word.split()[0].lstrip("$") for word in typed] == ["12", "ch-31", "8", "ch-32"]


def _spans(call: Call) -> list[tuple[int, int]]:
    """The call's amount and charge spans, in that order."""
    return [call.args["amount"].span, call.args["charge_id"].span]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("charge $40 to order 7711 and 7712", "en"),
        ("charge $40 to order 7711 and $10", "en"),
        ("cobra 40 dólares no pedido 7711 e 7712", "pt-BR"),
    ],
)
def test_a_second_part_without_values_of_its_own_stays_unread(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == []


def test_a_second_part_that_names_its_own_verb_is_its_own_call(shop: Selector) -> None:
    assert calls(shop.plan("refund $12 on ch-31 and cancel 7711", "en")) == [
        ("refund_card", {"amount": 12, "charge_id": "ch-31"}),
        ("cancel_order", {"order_id": "7711"}),
    ]
