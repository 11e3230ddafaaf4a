"""The sweeper: each worker's own background round, so no run waits on a worker that died.

Every `stalwart serve`, `make_app` and LangGraph door worker starts one in its lifespan and
stops it at shutdown; nobody has to schedule anything. Each round calls its door's
`sweep(now)`, which takes over the runs whose worker's lease expired (through the store's
claim, so two workers never take the same run) and does whatever else is due at `now`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Protocol

__all__ = ["Sweepable", "Sweeper", "Swept", "sweeping"]

logger = logging.getLogger("stalwart_agents.sweeper")


@dataclass
class Swept:
    """What one round of a worker's sweeper did."""

    taken_over: list[str] = field(default_factory=list)
    """Runs whose worker died holding them, carried on by this worker."""
    delivered: int = 0
    """Pauses the webhook outbox delivered: retries, and those a dead worker never posted."""
    expired: list[str] = field(default_factory=list)
    """Pauses nobody answered in time, given their expiry answer by this worker."""
    sessions_forgotten: int = 0
    """Sessions nobody used for SESSION_AGE (store/_base.py), forgotten by this worker."""


class Sweepable(Protocol):
    """A door with work that comes due without a request: the Desk and the GraphDoor."""

    async def sweep(self, now: float | None = None) -> Swept:
        """One round: take over dead workers' runs and do what is due at `now` (epoch seconds)."""
        ...


class Sweeper:
    """Runs a door's sweep at once, then every `interval` seconds, until it is cancelled.

    A round that fails is logged and the next one tries again: a database that is briefly
    unreachable must not stop the worker from taking runs over once it is back.
    """

    def __init__(self, door: Sweepable, interval: float) -> None:
        if interval <= 0:
            raise ValueError(f"The sweep interval must be more than 0 seconds, not {interval}.")
        self.door = door
        self.interval = interval

    async def run(self) -> None:
        """Sweep forever; cancel the task to stop."""
        while True:
            try:
                await self.door.sweep(time.time())
            except Exception:
                logger.exception("A sweep failed; the next one tries again.")
            await asyncio.sleep(self.interval)


@contextlib.asynccontextmanager
async def sweeping(door: Sweepable, interval: float) -> AsyncIterator[None]:
    """Sweep in the background while the block runs (an app's lifespan); stop it after."""
    task = asyncio.create_task(Sweeper(door, interval).run(), name="stalwart-sweeper")
    try:
        yield
    finally:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
