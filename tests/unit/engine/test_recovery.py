"""A worker killed between sending a write and recording it: another worker recovers the run."""

from __future__ import annotations

import asyncio
import os
import select
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

import pytest
from fixture_ledger import Ledger

from stalwart_agents.desk import Desk
from stalwart_agents.errors import InterruptStale
from stalwart_agents.store import RunState

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


def kill_once_stopped(store_url: str, *command: str) -> None:
    """Run a worker process's stop, and kill -9 it once the stop took the run, before any undo."""
    env = {**os.environ, "FIXTURE_HANG_AFTER_STOP": "1"}
    worker = subprocess.Popen(
        [sys.executable, WORKER, store_url, *command], env=env, stdout=subprocess.PIPE, text=True
    )
    try:
        assert worker.stdout is not None
        ready, _, _ = select.select([worker.stdout], [], [], 30)
        assert ready, "the stop never took the run"
        assert worker.stdout.readline() == "stopped\n"
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


async def test_a_rollback_killed_once_it_took_the_run_is_carried_on_by_the_takeover(
    make_desk: Callable[..., Any], ledger: Ledger, store_url: str
) -> None:
    desk = await make_desk()
    pause = (await desk.turn("u-17", charge(), context=CONTEXT)).waiting[0]
    await desk.resume("u-17", pause.id, "approve", pause.token)
    kill_once_stopped(store_url, "shop", "rollback", "u-17")
    assert ledger.count("refund_card") == 0
    assert await recovered(desk) == [pause.run]
    [refund] = ledger.calls("refund_card")
    assert refund["args"] == {"amount": 40, "charge_id": "ch-4411"}
    assert refund["pid"] == os.getpid(), "the refund was not sent by the worker that took over"
    snapshot = await desk.store.load(pause.run)
    assert snapshot is not None and snapshot.run["state"] == RunState.CANCELLED
    assert [entry["undo_status"] for entry in snapshot.journal.values()] == ["undone"]
    assert await desk.waiting("u-17") == []
    report = await desk.rollback("u-17")
    assert [undone.tool for undone in report.undone] == ["charge_card"]
    assert ledger.count("refund_card") == 1


async def test_a_correction_killed_once_it_took_the_run_is_carried_on_and_says_its_turn_did_not_run(
    make_desk: Callable[..., Any], ledger: Ledger, store_url: str
) -> None:
    desk = await make_desk()
    first = await desk.turn(
        "u-17",
        plan(
            ("charge_card", {"amount": 40, "order_id": "4411"}), ("pay_invoice", {"invoice": "7"})
        ),
        context=CONTEXT,
    )
    [charging] = first.waiting
    [paying] = (await desk.resume("u-17", charging.id, "approve", charging.token)).waiting
    assert (paying.kind, paying.tool) == ("confirm", "pay_invoice")
    kill_once_stopped(store_url, "shop", "turn", "u-17", "make it 30 instead")
    assert await recovered(desk) == [first.run]
    assert ledger.count("refund_card") == 1 and ledger.count("pay_invoice") == 0
    snapshot = await desk.store.load(first.run)
    assert snapshot is not None and snapshot.run["state"] == RunState.CANCELLED
    assert await desk.waiting("u-17") == []
    assert await desk.store.latest_run("u-17") == first.run
    said = [e["data"]["text"] for e in await desk.events("u-17") if e["type"] == "reply"]
    assert "make it 30 instead" in said[-1]
    with pytest.raises(InterruptStale):
        await desk.resume("u-17", paying.id, "approve", paying.token)
    assert ledger.count("pay_invoice") == 0
