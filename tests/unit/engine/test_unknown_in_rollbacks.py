"""A correction or rollback that meets a write a dead worker sent asks about it, never drops it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fixture_ledger import Ledger

from .helpers import CONTEXT, charge
from .test_recovery import recovered
from .test_sweeper import paused_and_killed


def unknown_pauses(waiting: list[Any]) -> list[Any]:
    return [p.root for p in waiting if p.root.kind == "outcome_unknown"]


async def test_a_correction_asks_whether_the_sent_write_happened(
    make_desk: Callable[..., Any], ledger: Ledger, store_url: str
) -> None:
    desk = await make_desk()
    killed = await paused_and_killed(desk, ledger, store_url)
    reply = await desk.turn("u-17", charge(45), context=CONTEXT)
    assert reply.rollback is not None and reply.rollback.unknown is not None
    assert [(e.step, e.tool, e.arguments["order_id"]) for e in reply.rollback.unknown] == [
        (0, "charge_card", "4411")
    ]
    [unknown] = unknown_pauses(await desk.waiting("u-17"))
    assert (unknown.run, unknown.tool) == (killed.run, "charge_card")
    assert [p.root.kind for p in reply.waiting] == ["confirm"]
    assert ledger.count("charge_card") == 1


async def test_a_rollback_lists_the_sent_write_and_undoes_it_once_it_happened(
    make_desk: Callable[..., Any], ledger: Ledger, store_url: str
) -> None:
    desk = await make_desk()
    await paused_and_killed(desk, ledger, store_url)
    report = await desk.rollback("u-17")
    assert report.unknown is not None and [e.tool for e in report.unknown] == ["charge_card"]
    assert report.undone == [] and report.not_undoable == []
    [unknown] = unknown_pauses(await desk.waiting("u-17"))
    await desk.resume("u-17", unknown.id, "happened", unknown.token)
    final = await desk.rollback("u-17")
    # Its result was never recorded, so the refund has no charge id to work from.
    assert [(e.tool, e.error) for e in final.not_undoable] == [
        ("charge_card", "its result is unknown, so its undo cannot be built.")
    ]
    assert final.unknown == []
    assert await desk.waiting("u-17") == []
    assert ledger.count("charge_card") == 1


async def test_a_write_that_did_not_happen_is_not_sent_again_by_a_rollback(
    make_desk: Callable[..., Any], ledger: Ledger, store_url: str
) -> None:
    desk = await make_desk()
    await paused_and_killed(desk, ledger, store_url)
    await desk.rollback("u-17")
    [unknown] = unknown_pauses(await desk.waiting("u-17"))
    await desk.resume("u-17", unknown.id, "did_not_happen", unknown.token)
    final = await desk.rollback("u-17")
    assert (final.undone, final.not_undoable, final.unknown) == ([], [], [])
    assert await desk.waiting("u-17") == []
    assert ledger.count("charge_card") == 1
    calls = [e["data"] for e in await desk.events("u-17") if e["type"] == "call"]
    assert calls[-1] == {
        "step": 0,
        "tool": "charge_card",
        "status": "skipped",
        "outcome": "did_not_happen",
    }


async def test_a_taken_over_write_stays_asked_about_through_a_correction(
    make_desk: Callable[..., Any], ledger: Ledger, store_url: str
) -> None:
    desk = await make_desk()
    await paused_and_killed(desk, ledger, store_url)
    await recovered(desk)
    [asked] = unknown_pauses(await desk.waiting("u-17"))
    reply = await desk.turn("u-17", charge(45), context=CONTEXT)
    assert reply.rollback is not None and reply.rollback.unknown is not None
    assert [e.tool for e in reply.rollback.unknown] == ["charge_card"]
    [still] = unknown_pauses(await desk.waiting("u-17"))
    assert (still.id, still.token) == (asked.id, asked.token)
