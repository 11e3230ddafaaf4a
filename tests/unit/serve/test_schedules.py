"""Schedules send their turns on time; a host that sleeps takes no always_on schedule."""

from __future__ import annotations

import asyncio
import logging
from datetime import datetime, timedelta

import pytest

from stalwart_agents.config import ScheduleSpec
from stalwart_agents.serve._schedules import Scheduler, next_after, taken_schedules

EVERY_SECOND = "* * * * * *"


def schedule(
    name: str = "digest", cron: str = "0 8 * * *", *, always_on: bool = False
) -> ScheduleSpec:
    return ScheduleSpec(
        name=name, cron=cron, thread=f"t-{name}", text="send the digest", always_on=always_on
    )


def test_a_host_that_sleeps_refuses_always_on_schedules(caplog: pytest.LogCaptureFixture) -> None:
    kept = taken_schedules((schedule("a"), schedule("b", always_on=True)), sleeps=True)
    assert [item.name for item in kept] == ["a"]
    assert "'b' is always_on" in caplog.text
    assert "--sleeps" in caplog.text


def test_a_host_that_stays_on_takes_every_schedule() -> None:
    kept = taken_schedules((schedule("a"), schedule("b", always_on=True)), sleeps=False)
    assert [item.name for item in kept] == ["a", "b"]


def test_next_after_follows_the_cron_expression() -> None:
    at = datetime(2026, 3, 2, 9, 0).astimezone()
    assert next_after(schedule(), at) == datetime(2026, 3, 3, 8, 0).astimezone()


async def test_a_due_schedule_sends_its_turn() -> None:
    sent: list[tuple[str, str]] = []
    done = asyncio.Event()

    async def send(item: ScheduleSpec) -> None:
        sent.append((item.thread, item.text))
        done.set()

    task = asyncio.create_task(Scheduler((schedule(cron=EVERY_SECOND),), send).run())
    try:
        await asyncio.wait_for(done.wait(), 5)
    finally:
        task.cancel()
    assert sent[0] == ("t-digest", "send the digest")


async def test_a_host_that_slept_sends_a_missed_schedule_once(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO)
    start = datetime(2026, 3, 2, 9, 0, 30).astimezone()
    moments = iter([start])
    sent: list[str] = []
    planned = asyncio.Event()

    def now() -> datetime:
        # Read after a send, the clock means the scheduler is planning its next nap.
        if sent:
            planned.set()
        return next(moments, start + timedelta(minutes=10))

    async def send(item: ScheduleSpec) -> None:
        sent.append(item.name)

    task = asyncio.create_task(Scheduler((schedule(cron="* * * * *"),), send, now=now).run())
    try:
        await asyncio.wait_for(planned.wait(), 5)
    finally:
        task.cancel()
    assert sent == ["digest"]
    assert "was due 10 times while this host slept" in caplog.text


async def test_a_failed_turn_does_not_stop_the_schedule(caplog: pytest.LogCaptureFixture) -> None:
    calls = 0
    second = asyncio.Event()

    async def send(item: ScheduleSpec) -> None:
        nonlocal calls
        calls += 1
        if calls == 1:
            raise RuntimeError("the store is down")
        second.set()

    task = asyncio.create_task(Scheduler((schedule(cron=EVERY_SECOND),), send).run())
    try:
        await asyncio.wait_for(second.wait(), 5)
    finally:
        task.cancel()
    assert "the turn failed" in caplog.text
