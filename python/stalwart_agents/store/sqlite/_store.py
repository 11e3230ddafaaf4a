"""The embedded run store: one SQLite file in WAL mode, for the processes of one machine."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from stalwart_agents.errors import StoreError
from stalwart_agents.store._base import RunStore
from stalwart_agents.store._feed import Feed, Following
from stalwart_agents.store._records import (
    ApplyResult,
    Changes,
    ClaimResult,
    DecisionRecord,
    DoorDecision,
    EventRecord,
    PauseRecord,
    RunRecord,
    RunSnapshot,
)
from stalwart_agents.store.sqlite import _reads as reads
from stalwart_agents.store.sqlite import _transactions as transactions
from stalwart_agents.store.sqlite._roles import SqliteDoors, SqliteFiles, SqliteOutbox, SqlitePeople
from stalwart_agents.store.sqlite._watch import Watcher

__all__ = ["SqliteRunStore"]


class SqliteRunStore(Following, SqlitePeople, SqliteFiles, SqliteOutbox, SqliteDoors, RunStore):
    """Runs kept in one SQLite file in WAL mode; every call is one transaction.

    Durable commits (a claim, a write marked sent, a lease taken over) are flushed to disk
    (synchronous=FULL) before they return, on the store's own thread, so a tool never runs on
    an answer a power cut could forget. The other commits (a new pause, a recorded result) are
    synchronous=NORMAL: they survive the process being killed, and a power cut can only take
    them back to the last durable commit (a sent call becomes outcome_unknown, a new pause is
    gone), never make a call run twice. Readers never wait for the writer; other processes on
    the same machine may share the file. Where each transaction runs is SqliteThreads' part;
    what it does is in `transactions` and `reads`; the roles beside runs are in `_roles.py`.
    """

    def __init__(
        self,
        path: str | Path,
        *,
        busy_timeout: float = 30.0,
        poll_seconds: float = 0.02,
        checkpoint_every: int = 100,
        flush: bool = True,
    ) -> None:
        super().__init__(
            path, busy_timeout=busy_timeout, checkpoint_every=checkpoint_every, flush=flush
        )
        self.poll_seconds = poll_seconds
        self._watcher = Watcher(self.path, self.events)
        self._feed = Feed(self._watcher.events, self._watch)

    @classmethod
    def from_url(cls, url: str) -> SqliteRunStore:
        """A store for `sqlite:///path/to/runs.db`, optionally with `?flush=off`."""
        if not url.startswith("sqlite:///"):
            raise StoreError(f"{url!r} is not a sqlite:/// URL.")
        path, _, query = url.removeprefix("sqlite:///").partition("?")
        options = dict(part.partition("=")[::2] for part in query.split("&") if part)
        flush = options.pop("flush", "on")
        if options or flush not in ("on", "off"):
            raise StoreError(f"{url!r}: the only option is flush=on or flush=off.")
        return cls(path, flush=flush == "on")

    async def schema_version(self) -> int:
        return await self._read(reads.schema_version)

    async def load(self, run: str) -> RunSnapshot | None:
        return await self._read(reads.snapshot, run)

    async def latest_run(self, thread: str) -> str | None:
        return await self._read(reads.latest_run, thread)

    async def acquire(self, run: str, lease: str, lease_seconds: float) -> RunSnapshot | None:
        return await self._commit(True, transactions.acquire, run, lease, lease_seconds)

    async def take_over(self, run: str, lease: str, lease_seconds: float) -> RunSnapshot | None:
        return await self._commit(True, transactions.take_over, run, lease, lease_seconds)

    async def acquire_to_stop(
        self, run: str, lease: str, lease_seconds: float, why: str, text: str | None = None
    ) -> RunSnapshot | None:
        return await self._commit(
            True, transactions.acquire_to_stop, run, lease, lease_seconds, why, text
        )

    async def renew(self, run: str, lease: str, lease_seconds: float) -> None:
        await self._commit(False, transactions.renew, run, lease, lease_seconds)

    async def apply(  # noqa: PLR0913 - RunStore.apply's contract
        self,
        run: str,
        lease: str,
        changes: Changes,
        *,
        lease_seconds: float,
        release: bool = False,
        expect_version: int | None = None,
        create: RunRecord | None = None,
        durable: bool = True,
        outbox: float | None = None,
    ) -> ApplyResult:
        return await self._commit(
            durable,
            transactions.apply,
            run,
            lease,
            changes,
            lease_seconds,
            release,
            expect_version,
            create,
            outbox,
        )

    async def claim(  # noqa: PLR0913 - RunStore.claim's contract
        self,
        thread: str,
        pause: str,
        token: str,
        decision: str,
        value: Any,
        by: str | None,
        lease: str,
        lease_seconds: float,
        *,
        channel: str = "desk",
        staff: bool = False,
    ) -> ClaimResult:
        return await self._commit(
            True,
            transactions.claim,
            thread,
            pause,
            token,
            decision,
            value,
            by,
            lease,
            lease_seconds,
            channel,
            staff,
        )

    async def claim_external(
        self,
        scope: str,
        key: str,
        token: str,
        decision: str,
        by: str | None,
        value: Any = None,
        *,
        decided: DoorDecision | None = None,
    ) -> bool:
        # A claim gates an action, so it reaches the disk before the action runs.
        return await self._commit(
            True, transactions.claim_external, scope, key, token, decision, by, value, decided
        )

    async def expired(self, limit: int = 100) -> list[str]:
        return await self._read(reads.expired, limit)

    async def due_pauses(self, now: float, limit: int = 100) -> list[PauseRecord]:
        return await self._read(reads.due_pauses, now, limit)

    async def open_pauses(self, thread: str) -> list[PauseRecord]:
        return await self._read(reads.open_pauses, thread)

    async def decisions(self, thread: str) -> list[DecisionRecord]:
        return await self._read(reads.decisions, thread)

    async def pause(self, pause: str) -> PauseRecord | None:
        return await self._read(reads.pause, pause)

    async def thread_exists(self, thread: str) -> bool:
        return await self._read(reads.thread_exists, thread)

    async def events(self, thread: str, after: int = 0, limit: int = 1000) -> list[EventRecord]:
        return await self._read(reads.events, thread, after, limit)

    async def close(self) -> None:
        await self._feed.aclose()
        self._watcher.close()
        await super().close()

    async def _watch(self) -> None:
        await self._watcher.watch(self._feed, self.poll_seconds)
