"""Several identifiers in one call ("orders 1 and 2") are a call each, each value with its span."""

from __future__ import annotations

import pytest

from stalwart_agents.desk import Desk
from stalwart_agents.selector import Selector

from .helpers import SIGNED_IN, calls


@pytest.mark.parametrize(
    ("text", "language", "tool", "ids"),
    [
        ("find orders 1 and 2", "en", "find_order", ["1", "2"]),
        ("cancel orders 1 and 2", "en", "cancel_order", ["1", "2"]),
        ("cancel order 4411 and order 5120", "en", "cancel_order", ["4411", "5120"]),
        ("show me orders 4411, 5120 and 7001", "en", "find_order", ["4411", "5120", "7001"]),
        ("please reopen orders 4411 and 5120", "en", "reopen_order", ["4411", "5120"]),
        ("status of 3307 and 4411", "en", "find_order", ["3307", "4411"]),
        ("cancel both orders 4411 and 4412", "en", "cancel_order", ["4411", "4412"]),
        ("where are orders 4411 and 5120?", "en", "find_order", ["4411", "5120"]),
        ("ver os pedidos 1 e 2", "pt-BR", "find_order", ["1", "2"]),
        ("cancela os pedidos 1 e 2", "pt-BR", "cancel_order", ["1", "2"]),
        ("cancele o pedido 4411 e o pedido 5120", "pt-BR", "cancel_order", ["4411", "5120"]),
        ("busca os pedidos 4411, 5120 e 7001", "pt-BR", "find_order", ["4411", "5120", "7001"]),
        ("reativa os pedidos 4411 e 5120", "pt-BR", "reopen_order", ["4411", "5120"]),
        ("qual o status dos pedidos 4411 e 5120?", "pt-BR", "find_order", ["4411", "5120"]),
        ("como estão os pedidos 4411 e 5120?", "pt-BR", "find_order", ["4411", "5120"]),
    ],
)
def test_a_list_of_orders_is_one_call_per_order_in_the_order_typed(
    shop: Selector, text: str, language: str, tool: str, ids: list[str]
) -> None:
    plan = shop.plan(text, language)

    assert calls(plan) == [(tool, {"order_id": order}) for order in ids]
    spans = [call.args["order_id"].span for call in plan.calls]
    assert [text[start:end] for start, end in spans] == ids


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("cancel order 4411 and 5120 because the customer asked", "en"),
        ("cancele os pedidos 4411 e 5120 porque o cliente pediu", "pt-BR"),
    ],
)
def test_the_other_arguments_of_a_listed_call_go_to_each_call(
    shop: Selector, text: str, language: str
) -> None:
    plan = shop.plan(text, language)

    assert [call.args["order_id"].value for call in plan.calls] == ["4411", "5120"]
    reasons = {call.args["reason"].value for call in plan.calls}
    assert reasons == {"the customer asked" if language == "en" else "o cliente pediu"}


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("charge 40 to orders 4411 and 5120", "en"),
        ("charge 40 to order 4411 and 4412", "en"),
        ("cobra 40 reais dos pedidos 4411 e 5120", "pt-BR"),
        ("refund 40 from ch-4411 and ch-4412", "en"),
    ],
)
def test_a_list_beside_an_amount_is_unread_as_each_or_shared_is_unclear(
    shop: Selector, text: str, language: str
) -> None:
    assert shop.plan(text, language).unread


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("don't cancel orders 4411 and 5120", "en"),
        ("cancel orders 4411 and 5120? no", "en"),
        ("não cancela os pedidos 4411 e 5120", "pt-BR"),
        ("n cancela os pedidos 4411 e 5120", "pt-BR"),
    ],
)
def test_a_negated_list_is_never_a_plan(shop: Selector, text: str, language: str) -> None:
    assert shop.plan(text, language).unread


@pytest.mark.parametrize(
    ("text", "language"),
    [("cancel orders 4411 and 4414", "en"), ("cancela os pedidos 4411 e 4414", "pt-BR")],
)
async def test_a_listed_write_pauses_on_each_order_in_turn(
    desk: Desk, text: str, language: str
) -> None:
    reply = await desk.turn("t-1", text, context=SIGNED_IN, language=language)

    (first,) = [pause for pause in reply.waiting]
    assert {a.name: a.value for a in first.arguments}["order_id"] == "4411"
    reply = await desk.answer("t-1", "approve")
    (second,) = [pause for pause in reply.waiting]
    assert {a.name: a.value for a in second.arguments}["order_id"] == "4414"


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("find orders 4411 and 4412 and cancel them", "en"),
        ("busca os pedidos 4411 e 4412 e cancela eles", "pt-BR"),
    ],
)
def test_them_after_a_list_is_a_call_for_each_listed_order(
    shop: Selector, text: str, language: str
) -> None:
    plan = shop.plan(text, language)

    assert calls(plan) == [
        ("find_order", {"order_id": "4411"}),
        ("find_order", {"order_id": "4412"}),
        ("cancel_order", {"order_id": "4411"}),
        ("cancel_order", {"order_id": "4412"}),
    ]
    assert plan.calls[2].args["order_id"].span == plan.calls[0].args["order_id"].span


@pytest.mark.parametrize(
    ("text", "language", "later"),
    [
        ("find orders 4411 and 4412 and cancel it", "en", ("cancel_order", {})),
        ("busca os pedidos 4411 e 4412 e cancela ele", "pt-BR", ("cancel_order", {})),
        ("find orders 4411 and 4412 and charge them 40", "en", ("charge_card", {"amount": 40})),
    ],
)
def test_a_pronoun_that_names_nothing_sure_leaves_the_order_to_be_asked(
    shop: Selector, text: str, language: str, later: tuple[str, dict[str, object]]
) -> None:
    assert calls(shop.plan(text, language))[2:] == [later]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Could you save the receipts for orders 4412 and 2210?", "en"),
        ("save the receipts for order 4412 and order 2210", "en"),
        ("salva os recibos dos pedidos 4412 e 2210", "pt-BR"),
    ],
)
def test_a_thing_named_in_the_plural_gives_one_call_per_object(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == [
        ("save_receipt", {"order_id": "4412"}),
        ("save_receipt", {"order_id": "2210"}),
    ]


def test_a_verb_is_not_read_from_its_third_person(shop: Selector) -> None:
    assert shop.plan("charges 40 to order 4411", "en").unread
