"""Sagas: writes register their undo; undos run newest first; a stuck undo waits for a person."""

from __future__ import annotations

from fixture_ledger import Ledger

from stalwart_agents.desk import Desk

from .helpers import CONTEXT, plan

TWO_CHARGES = plan(
    ("charge_card", {"amount": 10, "order_id": "A"}),
    ("charge_card", {"amount": 20, "order_id": "B"}),
    ("send_email", {"to": "c@example.com", "body": "paid"}),
)


async def charged_twice(desk: Desk) -> None:
    await desk.turn("u-17", TWO_CHARGES, context=CONTEXT)
    await desk.answer("u-17", "approve")
    await desk.answer("u-17", "approve")


async def test_an_undo_failing_past_its_retries_waits_as_saga_stuck(
    desk: Desk, ledger: Ledger
) -> None:
    ledger.misbehave("refund_card", "fail", times=3)
    await charged_twice(desk)
    reply = await desk.answer("u-17", "cancel_all")
    (stuck,) = [p for p in reply.waiting]
    assert (stuck.kind, stuck.tool, stuck.choices) == (
        "saga_stuck",
        "charge_card",
        ["retry", "done_by_hand", "abandon"],
    )
    assert [(e.step, e.undo_tool, e.error) for e in stuck.pending] == [
        (1, "refund_card", "refund_card is down"),
        (0, "refund_card", None),
    ]
    assert ledger.count("refund_card") == 3
    assert reply.rollback is not None and reply.rollback.waiting is not None


async def test_retry_tries_the_undos_again(desk: Desk, ledger: Ledger) -> None:
    ledger.misbehave("refund_card", "fail", times=3)
    await charged_twice(desk)
    await desk.answer("u-17", "cancel_all")
    reply = await desk.answer("u-17", "retry")
    assert reply.waiting == []
    assert reply.rollback is not None
    assert [entry.step for entry in reply.rollback.undone] == [1, 0]
    assert [call["args"]["charge_id"] for call in ledger.calls("refund_card")] == [
        "ch-B",
        "ch-B",
        "ch-B",
        "ch-B",
        "ch-A",
    ]


async def test_done_by_hand_records_who_answered_and_counts_them_undone(
    desk: Desk, ledger: Ledger
) -> None:
    ledger.misbehave("refund_card", "fail", times=-1)
    await charged_twice(desk)
    await desk.answer("u-17", "cancel_all")
    reply = await desk.answer("u-17", "done_by_hand", by="ops@shop.example")
    assert reply.rollback is not None
    assert [entry.step for entry in reply.rollback.undone] == [1, 0]
    undos = [e["data"] for e in await desk.events("u-17") if e["type"] == "undo"]
    assert [(u["status"], u["by"]) for u in undos if u["status"] == "done_by_hand"] == [
        ("done_by_hand", "ops@shop.example"),
        ("done_by_hand", "ops@shop.example"),
    ]


async def test_abandon_leaves_them_marked_not_undone(desk: Desk, ledger: Ledger) -> None:
    ledger.misbehave("refund_card", "fail", times=-1)
    await charged_twice(desk)
    await desk.answer("u-17", "cancel_all")
    reply = await desk.answer("u-17", "abandon")
    assert reply.waiting == []
    assert reply.rollback is not None
    rollback = reply.rollback
    assert ([e.step for e in rollback.not_undoable], rollback.stuck, rollback.undone) == (
        [1, 0],
        [],
        [],
    )


async def test_an_irreversible_call_is_reported_not_undoable(desk: Desk, ledger: Ledger) -> None:
    await desk.turn(
        "u-17",
        plan(
            ("send_email", {"to": "c@example.com", "body": "hi"}),
            ("charge_card", {"amount": 5, "order_id": "C"}),
        ),
        context=CONTEXT,
    )
    shown = (await desk.waiting("u-17"))[0]
    assert shown.irreversible is True
    await desk.answer("u-17", "approve")
    reply = await desk.answer("u-17", "cancel_all")
    assert reply.rollback is not None
    (entry,) = reply.rollback.not_undoable
    assert (entry.tool, entry.undo_tool, entry.error) == ("send_email", None, "it is irreversible.")
    assert {a.label: a.shown for a in entry.shown or []} == {"To": "c@example.com", "Body": "hi"}


async def test_a_failed_call_fails_the_run_and_undoes_what_ran(desk: Desk, ledger: Ledger) -> None:
    ledger.misbehave("send_email", "fail")
    await charged_twice(desk)
    reply = await desk.answer("u-17", "approve")
    assert "Send email did not work: send_email is down" in reply.reply
    assert [call["args"]["charge_id"] for call in ledger.calls("refund_card")] == ["ch-B", "ch-A"]


async def test_an_operator_rolls_back_a_finished_run(desk: Desk, ledger: Ledger) -> None:
    await desk.turn("u-17", plan(("charge_card", {"amount": 10, "order_id": "A"})), context=CONTEXT)
    await desk.answer("u-17", "approve")
    report = await desk.rollback("u-17")
    assert [(e.tool, e.undo_tool, e.arguments) for e in report.undone] == [
        ("charge_card", "refund_card", {"charge_id": "ch-A", "amount": 10})
    ]
    again = await desk.rollback("u-17")
    assert [e.step for e in again.undone] == [0]
    assert ledger.count("refund_card") == 1


async def test_an_operator_rollback_closes_what_waits(desk: Desk, ledger: Ledger) -> None:
    await charged_twice(desk)
    report = await desk.rollback("u-17")
    assert [e.step for e in report.undone] == [1, 0]
    assert await desk.waiting("u-17") == []


async def test_a_stuck_undo_asks_in_the_chapters_words_naming_the_write(
    desk: Desk, ledger: Ledger
) -> None:
    ledger.misbehave("refund_card", "fail", times=3)
    await charged_twice(desk)
    (stuck,) = (await desk.answer("u-17", "cancel_all")).waiting
    assert stuck.wording == "Undoing “Charge card” did not work. What should happen?"


async def test_a_rollback_report_tells_each_write_and_its_undo_with_their_values(
    desk: Desk, ledger: Ledger
) -> None:
    await charged_twice(desk)
    reply = await desk.answer("u-17", "cancel_all")
    assert reply.rollback is not None
    assert [(e.call, e.undo_call) for e in reply.rollback.undone] == [
        ("Charge card", "Refund card"),
        ("Charge card", "Refund card"),
    ]
    assert [{a.label: a.shown for a in e.shown or []} for e in reply.rollback.undone] == [
        {"Charge id": "ch-B", "Amount": "20"},
        {"Charge id": "ch-A", "Amount": "10"},
    ]
