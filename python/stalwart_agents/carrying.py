"""Carrying a desk's runs: waiting for a run's lease, then advancing the run it holds."""

from __future__ import annotations

import asyncio
import functools
import time

from stalwart_agents.engine import Advance, Runtime, Start, advance
from stalwart_agents.errors import LeaseLost, StoreError
from stalwart_agents.ids import new_id
from stalwart_agents.store import RunSnapshot, RunStore, Stop

__all__ = ["RunCarrier"]


class RunCarrier:
    """The desk's way to carry a run on (desk.py): its runtime and store are the desk's."""

    runtime: Runtime
    store: RunStore

    async def _advance(self, snapshot: RunSnapshot, lease: str, start: Start) -> Advance | None:
        """Advance a run whose lease is held; None when another worker took it over meanwhile."""
        try:
            return await advance(self.runtime, snapshot, lease, start)
        except LeaseLost:
            return None

    async def _carry(
        self,
        run: str,
        *,
        session: str | None,
        message: str | None = None,
        stop: Stop | None = None,
    ) -> Advance | None:
        """Wait for the run's lease (another worker may hold it), then advance it; with `stop`,
        stop it: its pauses close at once, and a run that ended meanwhile is undone all the same."""
        take = functools.partial(self.store.acquire_to_stop, **stop) if stop else self.store.acquire
        deadline = time.monotonic() + 2 * self.runtime.lease_seconds + 1
        delay, quiet = 0.01, stop is not None
        while time.monotonic() < deadline:
            lease = new_id()
            snapshot = await take(run, lease, self.runtime.lease_seconds)
            if snapshot is not None:
                why = stop["why"] if stop else None
                start = Start(message or new_id(), session, why=why, quiet=quiet)
                work = await self._advance(snapshot, lease, start)
                if work is not None:
                    return work
            await asyncio.sleep(delay)
            delay = min(delay * 2, 0.25)
        raise StoreError(f"Another worker has held the run {run!r} for too long; try again.")
