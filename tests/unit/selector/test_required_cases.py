"""The two turns the reference chapter pins: both read charge_card(amount=40, order_id="4411")."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector


@pytest.mark.parametrize(
    ("text", "language", "amount_span", "order_span"),
    [
        ("charge 40 to order 4411", "en", (7, 9), (19, 23)),
        ("cobrar 40,00 do pedido 4411", "pt-BR", (7, 12), (23, 27)),
    ],
)
def test_the_chapter_turn_plans_a_typed_charge(
    shop: Selector,
    text: str,
    language: str,
    amount_span: tuple[int, int],
    order_span: tuple[int, int],
) -> None:
    plan = shop.plan(text, language)

    (call,) = plan.calls
    assert call.tool == "charge_card"
    assert call.args["amount"].value == 40
    assert type(call.args["amount"].value) is int
    assert call.args["order_id"].value == "4411"
    assert {v.origin for v in call.args.values()} == {"typed"}
    assert call.args["amount"].span == amount_span
    assert call.args["order_id"].span == order_span
    assert (plan.text, plan.language) == (text, language)


def test_a_span_points_at_what_the_person_typed(shop: Selector) -> None:
    text = "por favor, cobre R$ 40,00 do pedido 4411"

    call = shop.plan(text, "pt-BR").calls[0]

    start, end = call.args["amount"].span or (0, 0)
    assert text[start:end] == "R$ 40,00"
    start, end = call.args["order_id"].span or (0, 0)
    assert text[start:end] == "4411"


def test_the_language_tag_is_taken_in_any_case(shop: Selector) -> None:
    plan = shop.plan("cobrar 40 do pedido 4411", "PT-br")

    assert plan.language == "pt-BR"
    assert plan.calls[0].tool == "charge_card"
