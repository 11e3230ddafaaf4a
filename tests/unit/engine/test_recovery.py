"""A worker killed between sending a write and recording it: another worker recovers the run."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

from fixture_ledger import Ledger

from stalwart_agents.desk import Desk

from .helpers import CONTEXT, charge, plan

WORKER = os.path.join(
    os.path.dirname(__file__), "..", "..", "fixtures", "agents", "fixture_worker.py"
)


def kill_while_sending(
    store_url: str, ledger: Ledger, tool: str, thread: str, pause: Any, agent: str = "shop"
) -> None:
    """Answer in a worker process, and kill -9 it once the tool got the call, before it returns."""
    kill_during(store_url, ledger, tool, agent, "resume", thread, pause.id, pause.token)


def kill_during(store_url: str, ledger: Ledger, tool: str, *command: str) -> None:
    """Run a worker process's command, and kill -9 it once the tool got its call."""
    ledger.misbehave(tool, "sleep", seconds=60)
    worker = subprocess.Popen([sys.executable, WORKER, store_url, *command])
    try:
        deadline = time.monotonic() + 30
        while ledger.count(tool) == 0:
            assert worker.poll() is None, "the worker ended before the call reached the tool"
            assert time.monotonic() < deadline, "the call never reached the tool"
            time.sleep(0.05)
    finally:
        worker.send_signal(signal.SIGKILL)
        worker.wait()


async def recovered(desk: Desk) -> list[str]:
    """Wait for the dead worker's lease to expire, then take its runs over."""
    for _ in range(100):
        taken = await desk.recover()
        if taken:
            return taken
        await asyncio.sleep(0.1)
    raise AssertionError("no run was recovered")


async def test_a_write_sent_by_a_killed_worker_becomes_outcome_unknown(
    make_desk: Callable[..., Any], ledger: Ledger, store_url: str
) -> None:
    desk = await make_desk()
    pause = (await desk.turn("u-17", charge(), context=CONTEXT)).waiting[0]
    kill_while_sending(store_url, ledger, "charge_card", "u-17", pause)
    assert await recovered(desk) == [pause.run]
    (unknown,) = [p for p in await desk.waiting("u-17")]
    assert (unknown.kind, unknown.tool) == ("outcome_unknown", "charge_card")
    assert ledger.count("charge_card") == 1
    ledger.misbehave("charge_card", "sleep", times=0)
    reply = await desk.resume("u-17", unknown.id, "did_not_happen", unknown.token)
    assert "ch-4411" in reply.reply
    assert ledger.count("charge_card") == 2


async def test_an_idempotent_write_is_sent_again_with_the_same_key(
    make_desk: Callable[..., Any], ledger: Ledger, store_url: str
) -> None:
    desk = await make_desk()
    pause = (
        await desk.turn("u-17", plan(("pay_invoice", {"invoice": "inv-7"})), context=CONTEXT)
    ).waiting[0]
    kill_while_sending(store_url, ledger, "pay_invoice", "u-17", pause)
    ledger.misbehave("pay_invoice", "sleep", times=0)
    await recovered(desk)
    assert await desk.waiting("u-17") == []
    calls = ledger.calls("pay_invoice")
    assert len(calls) == 2 and calls[0]["key"] == calls[1]["key"]
    assert ledger.effects("pay_invoice") == 1


async def test_an_undo_sent_by_a_killed_worker_is_asked_about_and_never_sent_again(
    make_desk: Callable[..., Any], ledger: Ledger, store_url: str
) -> None:
    desk = await make_desk()
    pause = (await desk.turn("u-17", charge(), context=CONTEXT)).waiting[0]
    await desk.resume("u-17", pause.id, "approve", pause.token)
    kill_during(store_url, ledger, "refund_card", "shop", "rollback", "u-17")
    ledger.misbehave("refund_card", "sleep", times=0)
    assert await recovered(desk) == [pause.run]
    (stuck,) = await desk.waiting("u-17")
    assert (stuck.kind, stuck.tool) == ("saga_stuck", "charge_card")
    assert ledger.count("refund_card") == 1
    await desk.resume("u-17", stuck.id, "done_by_hand", stuck.token)
    report = await desk.rollback("u-17")
    assert [undone.tool for undone in report.undone] == ["charge_card"]
    assert await desk.waiting("u-17") == []
    assert ledger.count("refund_card") == 1


async def test_an_idempotent_undo_sent_by_a_killed_worker_is_sent_again_with_its_key(
    make_desk: Callable[..., Any], ledger: Ledger, store_url: str
) -> None:
    desk = await make_desk()
    pause = (await desk.turn("u-17", plan(("cancel_order", {"order_id": "4411"})))).waiting[0]
    await desk.resume("u-17", pause.id, "approve", pause.token)
    kill_during(store_url, ledger, "reopen_order", "shop", "rollback", "u-17")
    ledger.misbehave("reopen_order", "sleep", times=0)
    assert await recovered(desk) == [pause.run]
    assert await desk.waiting("u-17") == []
    calls = ledger.calls("reopen_order")
    assert len(calls) == 2 and calls[0]["key"] == calls[1]["key"]
    assert ledger.effects("reopen_order") == 1
    report = await desk.rollback("u-17")
    assert [undone.tool for undone in report.undone] == ["cancel_order"]
    assert len(ledger.calls("reopen_order")) == 2
