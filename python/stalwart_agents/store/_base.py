"""The run store's contract: every backend keeps runs, journals, pauses and events the same way."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

from stalwart_agents.store._records import (
    ApplyResult,
    Changes,
    ClaimResult,
    DecisionRecord,
    DoorDecision,
    DoorPause,
    DueDelivery,
    EventRecord,
    FileRecord,
    MessageRecord,
    PairingUse,
    PauseRecord,
    RunRecord,
    RunSnapshot,
    RunState,
    StaffRecord,
)

__all__ = ["ACTIVE_STATES", "SESSION_AGE", "RunStore"]

# A thread's run in one of these states, going forward (not undoing), blocks a new run until it
# is cancelled (a correction).
ACTIVE_STATES = (RunState.RUNNING, RunState.WAITING)

SESSION_AGE = 31 * 24 * 3600
"""Seconds a session nobody used is kept before the sweeper forgets it: 31 days."""


class RunStore:
    """Where runs wait between a question and its answer; shared by every worker.

    Every method is one transaction and, on a networked backend, one round trip, counted in
    `round_trips` so a benchmark can report the cost of a resume.
    """

    round_trips: int = 0

    @property
    def is_open(self) -> bool:
        """Whether open() ran and close() has not."""
        raise NotImplementedError

    async def open(self) -> None:
        """Connect and apply any migration not yet applied.

        Raises:
            StoreError: the database cannot be reached or migrated.
        """
        raise NotImplementedError

    async def close(self) -> None:
        """Let go of every connection; the store can be opened again."""
        raise NotImplementedError

    async def schema_version(self) -> int:
        """How many migrations the database has had applied."""
        raise NotImplementedError

    async def __aenter__(self) -> RunStore:
        await self.open()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    @property
    def secret(self) -> bytes:
        """The instance secret the first migration created; tokens are HMACs under it.

        Raises:
            StoreError: the store is not open.
        """
        raise NotImplementedError

    async def load(self, run: str) -> RunSnapshot | None:
        """A run with its journal and pauses, or None when there is no such run."""
        raise NotImplementedError

    async def latest_run(self, thread: str) -> str | None:
        """The id of the thread's newest run, or None."""
        raise NotImplementedError

    async def acquire(self, run: str, lease: str, lease_seconds: float) -> RunSnapshot | None:
        """Take the run's lease when nobody holds it (or its holder's expired).

        Returns:
            The run as it is now, or None when another worker holds a live lease.
        """
        raise NotImplementedError

    async def take_over(self, run: str, lease: str, lease_seconds: float) -> RunSnapshot | None:
        """Take the lease of a run whose holder's lease expired: a dead worker's run.

        Unlike `acquire`, a run nobody holds is not taken, so of the workers that saw the same
        expired lease only the first takes the run over, even when it let go of it already.

        Returns:
            The run as it is now, or None when its lease is live, free, or taken over already.
        """
        raise NotImplementedError

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
        raise NotImplementedError

    async def renew(self, run: str, lease: str, lease_seconds: float) -> None:
        """Extend a held lease while a slow call runs.

        Raises:
            LeaseLost: another worker holds the run now.
        """
        raise NotImplementedError

    async def apply(
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
        raise NotImplementedError

    async def claim(
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
        raise NotImplementedError

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
        raise NotImplementedError

    async def decisions(self, thread: str) -> list[DecisionRecord]:
        """Every answer the thread's pauses took, oldest first, as their claims recorded them."""
        raise NotImplementedError

    async def expired(self, limit: int = 100) -> list[str]:
        """Runs whose worker's lease expired before they were let go: a crashed worker's runs."""
        raise NotImplementedError

    async def due_pauses(self, now: float, limit: int = 100) -> list[PauseRecord]:
        """Open pauses whose expiry time (Unix time) is `now` or earlier, soonest first."""
        raise NotImplementedError

    async def open_pauses(self, thread: str) -> list[PauseRecord]:
        """The thread's open pauses, oldest first."""
        raise NotImplementedError

    async def pause(self, pause: str) -> PauseRecord | None:
        """One pause by id, in any state."""
        raise NotImplementedError

    async def thread_exists(self, thread: str) -> bool:
        """Whether the thread has had a turn."""
        raise NotImplementedError

    async def events(self, thread: str, after: int = 0, limit: int = 1000) -> list[EventRecord]:
        """The thread's events with an id strictly after `after`, oldest first."""
        raise NotImplementedError

    def listen(self, thread: str, after: int = 0) -> AsyncIterator[EventRecord]:
        """Every event of the thread after `after`, as it is appended on any worker; never ends."""
        raise NotImplementedError

    def listen_batches(self, thread: str, after: int = 0) -> AsyncIterator[list[EventRecord]]:
        """listen() in the batches the store reads: a stream sends each batch in one write."""
        raise NotImplementedError

    async def keep_session(self, session: str, now: float) -> None:
        """Keep a session the server handed to a page, or note that it was used again at `now`."""
        raise NotImplementedError

    async def forget_sessions(self, unused_since: float) -> int:
        """Forget the sessions (staff among them) nobody used since then; how many went."""
        raise NotImplementedError

    async def session_exists(self, session: str) -> bool:
        """Whether the server handed out this session."""
        raise NotImplementedError

    async def make_staff(self, session: str, paired_by: str) -> None:
        """Make a handed-out session staff, as the owner paired it; `paired_by` says how."""
        raise NotImplementedError

    async def is_staff(self, session: str) -> bool:
        """Whether the session is staff now: paired, and not revoked since."""
        raise NotImplementedError

    async def staff(self) -> list[StaffRecord]:
        """Every staff session, the longest paired first."""
        raise NotImplementedError

    async def revoke_staff(self, session: str) -> bool:
        """End a session's staff standing; False when it was not staff."""
        raise NotImplementedError

    async def add_pairing_code(self, code: str, expires_at: float, forget_before: float) -> None:
        """Keep a one-time pairing code (its hash, never the code), good until `expires_at`.

        Codes that expired before `forget_before` are dropped in the same commit, so the table
        holds a bounded window: within it a late phone is told why, after it the code is unknown.
        """
        raise NotImplementedError

    async def use_pairing_code(self, code: str, now: float) -> PairingUse:
        """Spend a pairing code (its hash) at `now`, once: PAIRED, or why it does not pair.

        `now` is the caller's clock (Unix time), so a test can move it past the expiry.
        """
        raise NotImplementedError

    async def add_files(self, files: list[FileRecord]) -> list[str]:
        """Index files a tool saved; one whose id is indexed already is left as it was.

        Returns:
            The ids indexed now: a step sent again saves under the same ids, and the caller
            removes the bytes of those this did not index.
        """
        raise NotImplementedError

    async def files(self, agent: str, limit: int = 500) -> list[FileRecord]:
        """The agent's saved files, newest first."""
        raise NotImplementedError

    async def file(self, agent: str, file: str) -> FileRecord | None:
        """One of the agent's saved files by id, or None."""
        raise NotImplementedError

    async def message(self, thread: str, message: str) -> MessageRecord | None:
        """A reply of the thread by id."""
        raise NotImplementedError

    async def put_feedback(self, message: MessageRecord, thumb: str) -> None:
        """Keep (or change) the thumb on a reply, with the reply's text."""
        raise NotImplementedError

    async def feedback(self, message: str) -> str | None:
        """The thumb kept on a reply, or None."""
        raise NotImplementedError

    async def record_delivery(
        self,
        thread: str,
        pause: str,
        url: str | None,
        error: str | None,
        *,
        retry_in: float | None = None,
    ) -> None:
        """Keep one attempt to tell another channel of a pause, and settle its outbox delivery.

        Without an error the delivery is delivered; with one it is due again in `retry_in`
        seconds, or given up when that is None. A pause the outbox does not hold has only its
        attempt kept.
        """
        raise NotImplementedError

    async def due_deliveries(self, claimer: str, hold: float, limit: int = 50) -> list[DueDelivery]:
        """Claim the outbox's due deliveries for `hold` seconds, so no other worker sends them.

        A due delivery whose pause no longer waits is settled instead: nobody can answer it.
        The pause is one of ours, or a door's (keep_door_pauses).
        A claimer that dies lets its deliveries fall due again once `hold` has passed.
        """
        raise NotImplementedError

    async def delivery(self, pause: str) -> dict[str, Any] | None:
        """The outbox's delivery of a pause (state, attempts, last_error, due_at), or None."""
        raise NotImplementedError

    async def deliveries(self, pause: str) -> list[dict[str, Any]]:
        """The attempts to tell other channels of a pause, oldest first."""
        raise NotImplementedError

    async def get_setting(self, key: str) -> Any:
        """A host setting every worker sees, such as the language; None when unset."""
        raise NotImplementedError

    async def set_setting(self, key: str, value: Any) -> None:
        """Set a host setting for every worker."""
        raise NotImplementedError

    async def hold_door_turn(self, thread: str, turn: str, seconds: float) -> None:
        """Note (or renew) that a door's turn runs on the thread, for `seconds` from now.

        Written before the door touches its graph, durable, so that a worker that dies before
        keep_door_pauses leaves it behind for another worker's sweep (stale_door_turns).
        """
        raise NotImplementedError

    async def stale_door_turns(self, limit: int = 50) -> list[tuple[str, str]]:
        """(thread, turn) of door turns held past their time: their worker died mid-turn."""
        raise NotImplementedError

    async def keep_door_pauses(
        self,
        thread: str,
        waiting: list[DoorPause],
        *,
        gone: list[str] | None = None,
        turn: str | None = None,
        outbox: float | None = None,
    ) -> list[str]:
        """Track a door's waiting pauses of the thread, in one transaction; the ids new to it.

        Args:
            thread: the thread they wait in.
            waiting: every pause that waits there now; one kept already is left as it is.
            gone: pauses seen waiting before that wait no longer: no longer tracked.
            turn: the door turn (hold_door_turn) this ends; it is let go in the same transaction.
            outbox: queue a delivery of each new one, due this many seconds from now (the
                turn's own attempt goes first); None queues none.
        """
        raise NotImplementedError

    async def close_door_pauses(self, pauses: list[str]) -> None:
        """Stop tracking door pauses that no longer wait: answered, or gone from their graph."""
        raise NotImplementedError

    async def due_door_pauses(self, now: float, limit: int = 100) -> list[DoorPause]:
        """A door's open pauses whose expiry time (Unix time) is `now` or earlier, soonest first."""
        raise NotImplementedError
