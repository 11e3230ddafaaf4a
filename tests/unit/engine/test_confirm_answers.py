"""A confirmation's three answers: approve, skip and cancel_all, each exactly as DESIGN says."""

from __future__ import annotations

from fixture_ledger import Ledger

from stalwart_agents.desk import Desk

from .helpers import CONTEXT, charge, plan


async def test_a_write_waits_for_a_person_with_the_reason_write(desk: Desk, ledger: Ledger) -> None:
    reply = await desk.turn("u-17", charge(), context=CONTEXT)
    (pause,) = reply.waiting
    shown = pause
    assert (shown.kind, shown.tool, shown.reasons, shown.choices) == (
        "confirm",
        "charge_card",
        ["write"],
        ["approve", "skip", "cancel_all"],
    )
    assert [(a.name, a.value, a.origin) for a in shown.arguments] == [
        ("amount", 40, "typed"),
        ("order_id", "4411", "typed"),
        ("card", "visa-0019", "context"),
    ]
    assert ledger.count("charge_card") == 0


async def test_approve_runs_the_call_once_with_exactly_the_arguments_shown(
    desk: Desk, ledger: Ledger
) -> None:
    await desk.turn("u-17", charge(), context=CONTEXT)
    reply = await desk.answer("u-17", "approve")
    assert ledger.calls("charge_card") == [
        {
            "tool": "charge_card",
            "args": {"amount": 40, "order_id": "4411", "card": "visa-0019"},
            "key": None,
            "pid": ledger.calls()[0]["pid"],
        }
    ]
    assert reply.waiting == []
    assert "ch-4411" in reply.reply


async def test_skip_leaves_the_call_unrun_and_the_run_goes_on(desk: Desk, ledger: Ledger) -> None:
    await desk.turn(
        "u-17",
        plan(
            ("charge_card", {"amount": 40, "order_id": "4411"}),
            ("find_order", {"order_id": "4411"}),
        ),
        context=CONTEXT,
    )
    reply = await desk.answer("u-17", "skip")
    assert ledger.count("charge_card") == 0
    assert ledger.count("find_order") == 1
    assert "Skipped: Charge card." in reply.reply


async def test_skip_skips_the_calls_that_need_the_skipped_result(
    desk: Desk, ledger: Ledger
) -> None:
    await desk.turn(
        "u-17",
        plan(("find_order", {"order_id": "4411"}), ("cancel_order", {}), origin="model"),
        context=CONTEXT,
    )
    reply = await desk.answer("u-17", "skip")
    assert reply.skipped == ["cancel_order"]
    assert "it needed Find order, which was skipped" in reply.reply
    assert ledger.calls() == []


async def test_cancel_all_undoes_what_ran_newest_first(desk: Desk, ledger: Ledger) -> None:
    await desk.turn(
        "u-17",
        plan(
            ("charge_card", {"amount": 10, "order_id": "A"}),
            ("charge_card", {"amount": 20, "order_id": "B"}),
            ("send_email", {"to": "c@example.com", "body": "paid"}),
        ),
        context=CONTEXT,
    )
    await desk.answer("u-17", "approve")
    await desk.answer("u-17", "approve")
    reply = await desk.answer("u-17", "cancel_all")
    assert [call["args"]["charge_id"] for call in ledger.calls("refund_card")] == ["ch-B", "ch-A"]
    assert ledger.count("send_email") == 0
    assert reply.rollback is not None
    assert [entry.step for entry in reply.rollback.undone] == [1, 0]
    assert reply.waiting == []


async def test_a_cancelled_run_takes_no_more_answers(desk: Desk, ledger: Ledger) -> None:
    await desk.turn("u-17", charge(), context=CONTEXT)
    await desk.answer("u-17", "cancel_all")
    assert await desk.waiting("u-17") == []
    assert ledger.calls() == []
