"""Every worker sweeps by itself: a dead worker's run is taken over once, with nobody calling."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

import pytest
from fixture_ledger import Ledger
from starlette.testclient import TestClient

from stalwart_agents.desk import Desk
from stalwart_agents.serve import make_app
from stalwart_agents.sweeper import Sweeper, Swept
from tests.conftest import SHOP, make_store

from .helpers import CONTEXT, charge
from .test_recovery import kill_while_sending


async def paused_and_killed(desk: Desk, ledger: Ledger, store_url: str) -> Any:
    """A charge approved on a worker that is killed while the card is charged."""
    pause = (await desk.turn("u-17", charge(), context=CONTEXT)).waiting[0].root
    kill_while_sending(store_url, ledger, "charge_card", "u-17", pause)
    return pause


async def killed_on_its_own_desk(ledger: Ledger, store_url: str) -> None:
    async with Desk(SHOP, store=make_store(store_url)) as desk:
        await paused_and_killed(desk, ledger, store_url)


def test_a_served_worker_takes_a_dead_workers_run_over_by_itself(
    ledger: Ledger, store_url: str
) -> None:
    asyncio.run(killed_on_its_own_desk(ledger, store_url))
    # The app opens its desk in its own event loop, as `stalwart serve` does.
    with TestClient(make_app(Desk(SHOP, store=make_store(store_url)))) as client:
        deadline = time.monotonic() + 20
        while not (waiting := client.get("/threads/u-17/interrupts").json()["interrupts"]):
            assert time.monotonic() < deadline, "no worker took the dead worker's run over"
            time.sleep(0.1)
    assert [(p["kind"], p["tool"]) for p in waiting] == [("outcome_unknown", "charge_card")]
    assert ledger.count("charge_card") == 1


async def test_two_workers_sweeping_at_once_take_a_dead_run_over_once(
    make_desk: Callable[..., Any], ledger: Ledger, store_url: str
) -> None:
    first, second = await make_desk(), await make_desk()
    pause = await paused_and_killed(first, ledger, store_url)
    taken: list[str] = []
    deadline = time.monotonic() + 20
    while not taken:
        assert time.monotonic() < deadline, "no worker took the dead worker's run over"
        rounds = await asyncio.gather(first.sweep(), second.sweep(), first.sweep())
        taken = [run for swept in rounds for run in swept.taken_over]
        await asyncio.sleep(0.05)
    assert taken == [pause.run]
    [unknown] = await first.waiting("u-17")
    assert unknown.root.kind == "outcome_unknown"
    assert ledger.count("charge_card") == 1


class Flaky:
    """A door whose first sweep fails, as one would while its database restarts."""

    def __init__(self) -> None:
        self.rounds = 0

    async def sweep(self, now: float | None = None) -> Swept:
        self.rounds += 1
        if self.rounds == 1:
            raise ConnectionError("the database is restarting")
        return Swept()


async def test_a_failed_sweep_is_logged_and_the_next_round_runs(
    caplog: pytest.LogCaptureFixture,
) -> None:
    door = Flaky()
    task = asyncio.create_task(Sweeper(door, 0.01).run())
    while door.rounds < 3:
        await asyncio.sleep(0.01)
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)
    assert "A sweep failed" in caplog.text


def test_a_sweep_interval_of_zero_is_refused() -> None:
    with pytest.raises(ValueError, match="more than 0 seconds"):
        Sweeper(Flaky(), 0)
