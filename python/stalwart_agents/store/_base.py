"""The run store's contract, as roles: every backend keeps runs, pauses and events alike.

Each role is an abstract class; `RunStore` is all of them, so mypy refuses a backend that misses a
method, and a caller that needs one role takes that role alone.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import AsyncIterator
from typing import Any, Self

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
    RunState,
)
from stalwart_agents.store._roles import (
    DoorPauses,
    FileIndex,
    Outbox,
    People,
    ReplyFeedback,
    Settings,
)

__all__ = [
    "ACTIVE_STATES",
    "SESSION_AGE",
    "Claims",
    "EventLog",
    "RunLog",
    "RunStore",
    "StoreLifecycle",
]

# A thread's run in one of these states, going forward (not undoing), blocks a new run until it
# is cancelled (a correction).
ACTIVE_STATES = (RunState.RUNNING, RunState.WAITING)

SESSION_AGE = 31 * 24 * 3600
"""Seconds a session nobody used is kept before the sweeper forgets it: 31 days."""


class StoreLifecycle(ABC):
    """A store's connections and the migrations it applies: opened once, closed once."""

    round_trips: int = 0
    """Transactions run: each is one round trip on a networked backend, the cost of a resume."""

    @property
    @abstractmethod
    def is_open(self) -> bool:
        """Whether open() ran and close() has not."""

    @abstractmethod
    async def open(self) -> None:
        """Connect and apply any migration not yet applied.

        Raises:
            StoreError: the database cannot be reached or migrated.
        """

    @abstractmethod
    async def close(self) -> None:
        """Let go of every connection; the store can be opened again."""

    @abstractmethod
    async def schema_version(self) -> int:
        """How many migrations the database has had applied."""

    async def __aenter__(self) -> Self:
        await self.open()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    @property
    @abstractmethod
    def secret(self) -> bytes:
        """The instance secret the first migration created; tokens are HMACs under it.

        Raises:
            StoreError: the store is not open.
        """


class RunLog(ABC):
    """Runs and their journals, advanced under a lease that only one worker holds at a time."""

    @abstractmethod
    async def load(self, run: str) -> RunSnapshot | None:
        """A run with its journal and pauses, or None when there is no such run."""

    @abstractmethod
    async def latest_run(self, thread: str) -> str | None:
        """The id of the thread's newest run, or None."""

    @abstractmethod
    async def acquire(self, run: str, lease: str, lease_seconds: float) -> RunSnapshot | None:
        """Take the run's lease when nobody holds it (or its holder's expired).

        Returns:
            The run as it is now, or None when another worker holds a live lease.
        """

    @abstractmethod
    async def take_over(self, run: str, lease: str, lease_seconds: float) -> RunSnapshot | None:
        """Take the lease of a run whose holder's lease expired: a dead worker's run.

        Unlike `acquire`, a run nobody holds is not taken, so of the workers that saw the same
        expired lease only the first takes the run over, even when it let go of it already.

        Returns:
            The run as it is now, or None when its lease is live, free, or taken over already.
        """

    @abstractmethod
    async def acquire_to_stop(
        self, run: str, lease: str, lease_seconds: float, why: str, text: str | None = None
    ) -> RunSnapshot | None:
        """Close a run going forward to every answer, then take its lease to stop it.

        A correction or a rollback stops the run; its open pauses are claimed closed through the
        same first-writer-wins claim an answer makes, in one transaction with the lease. So an
        answer either claimed its pause first (and holds the lease until its call has run, to be
        undone by the stop) or finds the pause closed (interrupt_stale): never an answer that
        is taken and then dropped. The pauses are closed even when another worker holds the
        lease, since the stop will cancel the run once it is let go. An open question about a
        write's outcome stays open: the stop asks it before it undoes anything.

        With the lease, the same transaction keeps the stop with the run (`RunRecord.stop`),
        unless the run undoes already: a worker that takes the run over after the stopping one
        died carries the stop on, so it is never dropped.

        Args:
            why: what stops the run (correction, rollback), kept with the closing claims.
            text: a correction's new message, kept with the stop.

        Returns:
            The run as it is now, or None when another worker holds a live lease.
        """

    @abstractmethod
    async def renew(self, run: str, lease: str, lease_seconds: float) -> None:
        """Extend a held lease while a slow call runs.

        Raises:
            LeaseLost: another worker holds the run now.
        """

    @abstractmethod
    async def apply(  # noqa: PLR0913 - the store's contract: one transaction's inputs
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
        """Write one advance of a run atomically, fenced by the caller's lease.

        Args:
            run: the run's id.
            lease: the lease the caller holds (or, with `create`, takes).
            changes: journal rows, new pauses, pauses to close, events, messages, run state.
            lease_seconds: the lease is extended by this much when kept.
            release: let go of the lease, but only if no answer arrived since `expect_version`
                (a compare-and-swap); otherwise keep it so the caller replays the new answers.
            expect_version: the version the caller last saw.
            create: a run not yet stored (its first advance ran in memory): store it, and its
                thread, in the same transaction.
            durable: the commit reaches the disk before this returns, because a call is about
                to be sent on it. Otherwise it may reach the disk a moment later: a crash of the
                database's machine can only take the run back to its last durable commit (a
                sent call becomes outcome_unknown, a new pause is gone), never send a call twice.
            outbox: queue a delivery of each new pause to another channel, in the same
                transaction, due this many seconds from now (the turn's own attempt goes
                first); None queues none.

        Returns:
            The new version, and whether the lease was released.

        Raises:
            LeaseLost: another worker holds the run now; nothing was written.
            RunConflict: with `create`, the thread has a run going forward; nothing was written.
        """

    @abstractmethod
    async def expired(self, limit: int = 100) -> list[str]:
        """Runs whose worker's lease expired before they were let go: a crashed worker's runs."""

    @abstractmethod
    async def thread_exists(self, thread: str) -> bool:
        """Whether the thread has had a turn."""


class Claims(ABC):
    """Pauses and the first-writer-wins claim that answers one: the only authority on who wins."""

    @abstractmethod
    async def claim(  # noqa: PLR0913 - the store's contract: one transaction's inputs
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
        """Answer a pause: the first valid claim wins, all in one transaction.

        Claims the pause, checks that it is open, that it takes the decision and that the token
        matches, records the answer and advances the run's version by compare-and-swap; durable,
        since the answered call may be sent as soon as it returns. When no
        other worker holds the run, it also takes the lease, marks the paused call sent when the
        decision sends it, and returns the run, so the caller can carry on without reading again.
        The decision record (`channel`, `by`, `staff`, the time) is written in the same
        transaction, and the answer event carries it.

        Returns:
            `ok`, `stale` (closed, answered, unknown or wrong token), or `bad_decision`; only
            `ok` changed anything.
        """

    @abstractmethod
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
        """Claim the answer to a pause another system keeps (a LangGraph interrupt), once.

        The same first-writer-wins claim as `claim`, for pauses that are not in this store:
        the caller checks that the pause waits and that the token matches, then acts only when
        this returns True. The claim is kept for good, so a later answer to the same key loses.

        Args:
            scope: whose keys these are, such as "langgraph", so systems never collide.
            key: the pause's id within the scope.
            token: the token the answer carried, kept with the claim.
            decision: the answer.
            by: who answered, where known.
            value: the answer's value (an ask's), as JSON.
            decided: the thread, kind, step, channel and staff standing the claim records, so
                the answer is in the thread's decisions; without it, it is in no list.

        Returns:
            True for the first claim of (scope, key), on any worker; False for every later one.
        """

    @abstractmethod
    async def decisions(self, thread: str) -> list[DecisionRecord]:
        """Every answer the thread's pauses took, oldest first, as their claims recorded them."""

    @abstractmethod
    async def due_pauses(self, now: float, limit: int = 100) -> list[PauseRecord]:
        """Open pauses whose expiry time (Unix time) is `now` or earlier, soonest first."""

    @abstractmethod
    async def open_pauses(self, thread: str) -> list[PauseRecord]:
        """The thread's open pauses, oldest first."""

    @abstractmethod
    async def pause(self, pause: str) -> PauseRecord | None:
        """One pause by id, in any state."""


class EventLog(ABC):
    """A thread's events, read from an id on and followed as any worker appends them."""

    @abstractmethod
    async def events(self, thread: str, after: int = 0, limit: int = 1000) -> list[EventRecord]:
        """The thread's events with an id strictly after `after`, oldest first."""

    @abstractmethod
    def listen(self, thread: str, after: int = 0) -> AsyncIterator[EventRecord]:
        """Every event of the thread after `after`, as it is appended on any worker; never ends."""

    @abstractmethod
    def listen_batches(self, thread: str, after: int = 0) -> AsyncIterator[list[EventRecord]]:
        """listen() in the batches the store reads: a stream sends each batch in one write."""


class RunStore(
    StoreLifecycle,
    RunLog,
    Claims,
    EventLog,
    ReplyFeedback,
    People,
    FileIndex,
    Outbox,
    Settings,
    DoorPauses,
):
    """Where runs wait between a question and its answer; shared by every worker.

    Every method is one transaction and, on a networked backend, one round trip, counted in
    `round_trips`. A backend is one class that implements every role.
    """
