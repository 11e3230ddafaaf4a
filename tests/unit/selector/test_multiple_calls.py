"""Several calls in one turn, joined by the language's joiners, become one plan in order."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .conftest import LoadSelector
from .helpers import calls

FIND_AND_CHARGE = [
    ("find_order", {"order_id": "4411"}),
    ("charge_card", {"amount": 40, "order_id": "4411"}),
]


@pytest.mark.parametrize(
    "text",
    [
        "find order 4411 and charge 40 to order 4411",
        "find order 4411 and then charge 40 to order 4411",
        "find order 4411, then charge 40 to order 4411",
        "find order 4411. Charge 40 to order 4411.",
        "please find order 4411 and also charge $40 to order 4411, thanks",
    ],
)
def test_english_calls_join_in_order(shop: Selector, text: str) -> None:
    assert calls(shop.plan(text, "en")) == FIND_AND_CHARGE


@pytest.mark.parametrize(
    "text",
    [
        "busca o pedido 4411 e cobra 40 do pedido 4411",
        "busca o pedido 4411 e depois cobra 40 do pedido 4411",
        "busca o pedido 4411, então cobra R$ 40 do pedido 4411",
        "busca o pedido 4411 e entao cobra 40 reais do pedido 4411",
        "por favor busca o pedido 4411 e em seguida cobra 40,00 do pedido 4411",
    ],
)
def test_portuguese_calls_join_in_order(shop: Selector, text: str) -> None:
    assert calls(shop.plan(text, "pt-BR")) == FIND_AND_CHARGE


def test_three_calls_keep_their_order(shop: Selector) -> None:
    plan = shop.plan(
        "cancel order 4411 because the customer asked, then refund 40 from charge ch-4411 "
        "and email maria@example.com saying done",
        "en",
    )

    assert [call.tool for call in plan.calls] == ["cancel_order", "refund_card", "send_email"]
    assert plan.calls[0].args["reason"].value == "the customer asked"
    assert plan.calls[2].args["body"].value == "done"


def test_a_pronoun_takes_the_argument_read_earlier_in_the_turn(shop: Selector) -> None:
    text = "find order 4411 and then charge 40 to it"
    plan = shop.plan(text, "en")

    assert calls(plan) == [
        ("find_order", {"order_id": "4411"}),
        ("charge_card", {"amount": 40, "order_id": "4411"}),
    ]
    start, end = plan.calls[1].args["order_id"].span
    assert (text[start:end], plan.calls[1].args["order_id"].origin) == ("4411", "typed")


def test_without_a_pronoun_the_later_call_takes_the_thing_it_leaves_out(
    shop: Selector,
) -> None:
    text = "find order 4411 and then charge 40"
    plan = shop.plan(text, "en")

    assert calls(plan) == [
        ("find_order", {"order_id": "4411"}),
        ("charge_card", {"amount": 40, "order_id": "4411"}),
    ]
    start, end = plan.calls[1].args["order_id"].span
    assert text[start:end] == "4411"


def test_a_joiner_inside_a_spelled_number_stays_in_the_number(shop: Selector) -> None:
    plan = shop.plan("cobrar quarenta e dois reais do pedido 4411", "pt-BR")

    assert calls(plan) == [("charge_card", {"amount": 42, "order_id": "4411"})]


def test_two_calls_need_a_joiner_or_a_mark_between_them(shop: Selector) -> None:
    assert shop.plan("find order 4411 charge 40 to order 4411", "en").unread


def test_joiners_come_from_the_vocabulary_when_it_names_them(
    load_selector: LoadSelector,
) -> None:
    selector = load_selector(
        """
        joiners:
          en: [plus]
        tools:
          ping:
            slots: {host: identifier}
            phrases:
              en: ["ping {host}"]
        """,
        {"ping": ["host"]},
    )

    assert len(selector.plan("ping a1 plus ping b2", "en").calls) == 2
    assert selector.plan("ping a1 and ping b2", "en").unread


def test_a_turn_of_two_hundred_calls_reads_every_one(shop: Selector) -> None:
    text = " and ".join(f"find order {n}" for n in range(1000, 1200))

    plan = shop.plan(text, "en")

    assert [call.args["order_id"].value for call in plan.calls] == [
        str(n) for n in range(1000, 1200)
    ]


def test_a_turn_longer_than_a_thousand_tokens_is_unread(shop: Selector) -> None:
    text = " and ".join(f"find order {n}" for n in range(1000, 1300))

    assert shop.plan(text, "en").unread
