"""The check in a run: refusals as data, and every reason a call waits, in order."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fixture_ledger import Ledger

from stalwart_agents.desk import Desk

from .helpers import CONTEXT, charge, plan


async def test_a_refusal_comes_back_as_data_and_nothing_runs(desk: Desk, ledger: Ledger) -> None:
    reply = await desk.turn("u-17", charge(2000), context=CONTEXT)
    assert reply.refusal is not None
    assert reply.refusal.model_dump() == {
        "tool": "charge_card",
        "sentence": "I can't charge more than 1000 in one go.",
        "rule": "charge-limit",
        "contact": "help@shop.example",
    }
    assert reply.waiting == [] and ledger.calls() == []


async def test_a_rule_that_does_not_disclose_keeps_its_id_and_gives_its_contact(desk: Desk) -> None:
    reply = await desk.turn(
        "u-17", plan(("transfer", {"amount": 5, "account": "blocked"})), context=CONTEXT
    )
    assert reply.refusal is not None
    assert (reply.refusal.rule, reply.refusal.contact) == (None, "fraud@shop.example")


async def test_a_refusal_stops_the_calls_after_it(desk: Desk, ledger: Ledger) -> None:
    await desk.turn(
        "u-17",
        plan(("charge_card", {"amount": 2000, "order_id": "A"}), ("find_order", {"order_id": "A"})),
        context=CONTEXT,
    )
    assert ledger.calls() == []


async def test_a_read_with_typed_arguments_runs_without_asking(desk: Desk, ledger: Ledger) -> None:
    reply = await desk.turn("u-17", plan(("find_order", {"order_id": "4411"})), context=CONTEXT)
    assert reply.waiting == []
    assert reply.reply == "Done: Find order (Order id: 4411; Status: unpaid; Total: 40)."


async def test_reasons_come_in_order_with_the_named_rule_last(desk: Desk) -> None:
    reply = await desk.turn("u-17", charge(600, origin="model"), context=CONTEXT)
    assert reply.waiting[0].root.reasons == [
        "write",
        "argument_origin: amount",
        "argument_origin: order_id",
        "large_amount",
    ]


async def test_an_untrusted_result_taints_the_write_it_reaches(
    make_desk: Callable[..., Any], ledger: Ledger
) -> None:
    desk = await make_desk("inbox")
    reply = await desk.turn("u-17", "x", context=CONTEXT)
    (pause,) = [p.root for p in reply.waiting]
    assert pause.reasons == ["write", "tainted_call: untrusted:read_inbox"]
    assert pause.arguments[1].origin.root == "result:0"
    assert ledger.count("read_inbox") == 1
