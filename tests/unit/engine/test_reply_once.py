"""Each reply is said once: a repeated rollback adds none, a replayed cancel repeats none."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Any

from fixture_ledger import Ledger

from stalwart_agents.desk import Desk
from stalwart_agents.engine import Start, advance
from stalwart_agents.engine._ledger import Ledger as RunLedger
from stalwart_agents.engine._ledger import new_entry
from stalwart_agents.errors import InterruptStale
from stalwart_agents.ids import new_id
from stalwart_agents.store import RunRecord, RunSnapshot, StepStatus
from tests.conftest import SHOP, make_store

from .helpers import CONTEXT, charge, plan


async def replies(desk: Desk, thread: str = "u-17") -> list[str]:
    """The message id of every reply event of the thread, oldest first."""
    return [e["data"]["message"] for e in await desk.events(thread) if e["type"] == "reply"]


async def test_a_repeated_operator_rollback_adds_no_reply(desk: Desk, ledger: Ledger) -> None:
    await desk.turn("u-17", charge(), context=CONTEXT)
    await desk.answer("u-17", "approve")
    first = await desk.rollback("u-17")
    said = await replies(desk)
    again = [await desk.rollback("u-17") for _ in range(3)]
    assert await replies(desk) == said
    assert all(report == first for report in again)
    assert ledger.count("refund_card") == 1


async def test_a_rollback_of_a_cancelled_run_adds_no_reply(desk: Desk, ledger: Ledger) -> None:
    await desk.turn("u-17", charge(), context=CONTEXT)
    await desk.answer("u-17", "cancel_all")
    said = await replies(desk)
    await desk.rollback("u-17")
    assert await replies(desk) == said


async def test_an_advance_retried_with_its_message_says_it_once(desk: Desk) -> None:
    reply = await desk.turn("u-17", charge(), context=CONTEXT)
    lease = new_id()
    snapshot = await desk.store.acquire(reply.run, lease, 30)
    assert snapshot is not None
    # As a retry after a lost lease would: the same message, the run as the store has it.
    await advance(desk.runtime, snapshot, lease, Start(reply.message, None))
    assert await replies(desk) == [reply.message]


async def correct_on_another_worker(store_url: str) -> None:
    async with Desk(SHOP, store=make_store(store_url)) as other:
        await other.turn("u-17", charge(45), context=CONTEXT)


async def test_a_cancelled_run_says_its_reply_once_when_an_answer_lands_during_its_undo(
    make_desk: Callable[..., Any], ledger: Ledger, store_url: str
) -> None:
    desk = await make_desk()
    two = plan(
        ("charge_card", {"amount": 10, "order_id": "A"}),
        ("charge_card", {"amount": 20, "order_id": "B"}),
    )
    await desk.turn("u-17", two, context=CONTEXT)
    await desk.answer("u-17", "approve")
    [second] = [p for p in await desk.waiting("u-17")]
    ledger.misbehave("refund_card", "sleep", seconds=1.0)
    # The correction runs on its own worker (a thread with its own loop), since the refund
    # blocks the loop it runs on while it sleeps.
    correcting = asyncio.create_task(
        asyncio.to_thread(asyncio.run, correct_on_another_worker(store_url))
    )
    while ledger.count("refund_card") == 0:
        await asyncio.sleep(0.01)
    # Whether this answer wins or loses is the race's business (the run's version moved under
    # the correction either way); what is pinned here is that no reply is said twice.
    with contextlib.suppress(InterruptStale):
        await desk.resume("u-17", second.id, "approve", second.token)
    await correcting
    said = [e["data"] for e in await desk.events("u-17") if e["type"] == "reply"]
    assert len({reply["message"] for reply in said}) == len(said)
    assert [reply["text"].startswith("Cancelled") for reply in said].count(True) == 1


def test_a_resend_at_another_step_keeps_no_claims_mark() -> None:
    run = RunRecord(
        id="r-1",
        thread="t-1",
        agent="shop",
        state="running",
        saga=None,
        version=2,
        lease="l-1",
        lease_until=None,
        turn={},
        reply=None,
    )
    lost, answered = new_entry(0, "pay_invoice", True), new_entry(1, "charge_card", True)
    lost["status"] = answered["status"] = StepStatus.SENT
    ledger = RunLedger(RunSnapshot(run, {0: lost, 1: answered}, []), sent_step=1)
    ledger.use_claim(0)
    ledger.return_claim()
    assert ledger.journal[1]["status"] == StepStatus.WAITING
