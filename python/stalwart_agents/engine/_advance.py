"""One worker carrying a run forward, from where the store has it to its next wait or its end."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from stalwart_agents._generated.enums import Decision, Kind
from stalwart_agents.engine import _calls as calls
from stalwart_agents.engine import _saga as saga
from stalwart_agents.engine._ledger import Ledger
from stalwart_agents.engine._outcomes import Outcome, Paused, Proposed
from stalwart_agents.engine._replies import Summary, compose
from stalwart_agents.engine._run import Run, Suspend
from stalwart_agents.engine._runtime import Runtime, Turn
from stalwart_agents.engine._shows import gather
from stalwart_agents.engine._unread import unread
from stalwart_agents.errors import CallRefused, CallSkipped, LeaseLost, StalwartError, ToolFailed
from stalwart_agents.ids import new_id
from stalwart_agents.model import Ran
from stalwart_agents.plan import Plan
from stalwart_agents.store import (
    MessageRecord,
    PauseState,
    RunRecord,
    RunSnapshot,
    RunState,
)
from stalwart_agents.tools import failure_sentence
from stalwart_agents.wording import phrase

__all__ = ["Advance", "Start", "advance"]

T = TypeVar("T")

# A run in one of these states has nothing left to do going forward.
_ENDED = (RunState.DONE, RunState.REFUSED, RunState.FAILED, RunState.CANCELLED)


@dataclass(frozen=True)
class Start:
    """How one advance starts: the reply it writes, for whom, and why the run is carried on."""

    message: str
    """The id the advance's reply takes."""
    session: str | None
    sent_step: int | None = None
    """The step whose write the answer's claim marked sent."""
    why: str | None = None
    """Why the run is stopped (a correction, a rollback), where it is."""
    events: Sequence[tuple[str, dict[str, Any]]] = ()
    """What a new turn's first write appends before its pass."""
    create: bool = False
    """The run is new, and is stored with its first write."""
    quiet: bool = False
    """A rollback, correction or takeover that finds nothing to do says nothing."""


class Advance:
    """The state of one advance: the ledger, the lease, and what to say when it stops.

    It is the engine's one state object: calls, the saga and an unread turn reach it as a
    `State`, and a step's `Run` as a `Carrier`.
    """

    def __init__(self, runtime: Runtime, snapshot: RunSnapshot, lease: str, start: Start) -> None:
        self.runtime = runtime
        self.lease = lease
        # A new run is stored with its first write, so a turn costs one transaction.
        self.create: RunRecord | None = RunRecord(**snapshot.run) if start.create else None
        # Only the reply to the turn itself offers what the turn came close to.
        self.suggests = start.create
        self.message = start.message
        self.session = start.session
        self.summary = Summary()
        # Repeating a quiet advance that did nothing must not add a reply each time.
        self.quiet = start.quiet
        self.news = 0
        self.said: dict[str, Any] | None = None
        """The reply this advance last appended, so a replay that changed nothing repeats none."""
        self._flushing = asyncio.Lock()
        self.load(snapshot, start.sent_step)

    def load(self, snapshot: RunSnapshot, sent_step: int | None = None) -> None:
        """Start a pass from the run as the store has it now."""
        self.ledger = Ledger(snapshot, sent_step)
        self.version = snapshot.run["version"]
        self.missed = False
        self.parked: set[str] = set()
        self.active = 0
        self.idle = asyncio.Event()
        self.idle.set()

    async def flush(self, *, release: bool = False) -> bool:
        """Write what changed; with `release`, let go of the run unless an answer came meanwhile.

        Only a flush before a call is sent must reach the disk at once (durable): the one that
        lets go of the run records what already happened, and losing it in a crash of the
        database's machine only leaves the sent call's outcome unknown.
        """
        async with self._flushing:
            changes = self.ledger.take()
            if not changes and not release:
                return False
            result = await self.runtime.store.apply(
                self.ledger.id,
                self.lease,
                changes,
                lease_seconds=self.runtime.lease_seconds,
                release=release and not self.missed,
                expect_version=self.version,
                create=self.create,
                durable=not release,
                outbox=self.runtime.outbox,
            )
            self.create = None
            self.missed |= not result.current
            self.version = result.version
            return result.released

    async def renewing(self, work: Awaitable[T]) -> T:
        """Await a slow call while keeping the lease, so no other worker takes the run over."""
        loop = asyncio.get_running_loop()
        interval = self.runtime.lease_seconds / 3
        renewals: set[asyncio.Task[None]] = set()

        def renew() -> None:
            renewals.add(loop.create_task(self._renew()))
            timer[0] = loop.call_later(interval, renew)

        timer = [loop.call_later(interval, renew)]
        try:
            return await work
        finally:
            timer[0].cancel()
            for task in renewals:
                task.cancel()

    async def _renew(self) -> None:
        try:
            await self.runtime.store.renew(self.ledger.id, self.lease, self.runtime.lease_seconds)
        except Exception:  # best effort: the next flush finds a lost lease anyway
            return

    def park(self, pause: str) -> None:
        """Have the run wait on this pause when the pass ends."""
        self.parked.add(pause)

    async def call(self, step: int, tool: str, raw: Mapping[str, Any]) -> Outcome:
        """One call of the step; counted so the pass knows when every call has settled."""
        self.active += 1
        self.idle.clear()
        try:
            return await calls.call(self, step, tool, raw)
        finally:
            self.active -= 1
            if self.active == 0:
                self.idle.set()

    async def unread(
        self, step: int, ran: Sequence[Sequence[Ran]] = ()
    ) -> list[Proposed] | Paused | None:
        """A turn nothing read, as the agent's on_unread says."""
        return await unread(self, step, ran)

    async def run_pass(self) -> None:
        """Replay the step (or continue the saga) until every call has settled."""
        if await self._without_step():
            return
        self.ledger.set_state(RunState.RUNNING)
        failure, refused = await self._step()
        await self.idle.wait()
        if failure is not None:
            self.close_pauses()
            await self.undo("failed")
        else:
            for pause in self.ledger.open_pauses():
                if pause["id"] not in self.parked:
                    self.ledger.close_pause(pause["id"])
            if self.parked:
                self.ledger.set_state(RunState.WAITING)
            else:
                self.ledger.set_state(RunState.REFUSED if refused else RunState.DONE)

    async def _without_step(self) -> bool:
        """Carry what needs no step: an ended run, a saga under way, or a cancel_all answered."""
        run = self.ledger.run
        if run["saga"] is not None:
            if run["state"] not in _ENDED:
                await self.undo(run["saga"])
            return True
        if run["state"] in _ENDED:
            return True
        if any(
            p["state"] == PauseState.ANSWERED and p["decision"] == Decision.CANCEL_ALL
            for p in self.ledger.pauses.values()
        ):
            await self.stop(Decision.CANCEL_ALL)
            return True
        return False

    async def _step(self) -> tuple[str | None, bool]:
        """Run the agent's step once: why it failed (None when it did not), and if it refused."""
        turn = self.ledger.run["turn"]
        try:
            said = await self.runtime.step(
                Run(self),
                Turn(
                    text=turn.get("text") or "",
                    plan=Plan.model_validate(turn.get("plan") or {}),
                    context=self.ledger.context,
                    language=self.ledger.language,
                ),
            )
        except Suspend:
            return None, False
        except CallRefused:
            return None, True
        except CallSkipped:
            return None, False
        except ToolFailed as error:
            return error.error, False
        except (LeaseLost, asyncio.CancelledError):
            raise
        except Exception as error:
            failure = (
                str(error)
                if isinstance(error, StalwartError)
                else f"{type(error).__name__}: {error}"
            )
            if self.summary.failed is None:
                said = failure if isinstance(error, StalwartError) else failure_sentence(error)
                self.summary.failed = (phrase(self.ledger.language, "step"), said)
            return failure, False
        if said:
            self.summary.said = said
        return None, False

    def stopping(self, why: str | None) -> str | None:
        """Why this pass stops the run, before its saga starts: the caller's stop, else one that
        a worker kept with the run (acquire_to_stop) and died before it undid anything."""
        kept = self.ledger.run.get("stop")
        if self.ledger.run["saga"] is not None or (why is None and kept is None):
            return None
        if why is None and kept is not None:
            # Carried on for a dead worker: a correction's message was never run, so say so.
            self.summary.not_run = kept["text"]
            return kept["why"]
        return why

    async def stop(self, why: str) -> None:
        """Nothing more runs: close what waits and undo what the run did, newest first."""
        self.close_pauses()
        self.summary.cancelled = True
        self.parked.clear()
        await self.undo(why)

    def close_pauses(self) -> None:
        """Close what waits, but a question about a write's outcome: it stays answerable."""
        for pause in self.ledger.open_pauses():
            if pause["kind"] != Kind.OUTCOME_UNKNOWN:
                self.ledger.close_pause(pause["id"])

    async def undo(self, why: str) -> None:
        """Ask about each write of unknown outcome (never take it as not done), then undo."""
        await calls.settle_unknown_writes(self)
        await saga.undo(self, why)

    def end_pass(self) -> None:
        """Put back a claim's mark that was never used, and write down the reply, once."""
        self.ledger.return_claim()
        self.news += self.ledger.noted
        if self.quiet and not self.news:
            return
        waiting = [p["interrupt"] for p in self.ledger.open_pauses()]
        text = compose(self.summary, waiting, self.ledger.language, self.runtime.agent_file.tools)
        shown = gather(self.summary.done, self.ledger.journal, self.runtime.agent_file.tools)
        if self.suggests:
            suggestions = self.ledger.run["turn"].get("plan", {}).get("suggestions", [])
            shown = {**shown, "suggestions": list(suggestions)} if suggestions else shown
        reply = {
            "message": self.message,
            "text": text,
            "refusal": self.summary.refusal,
            "rollback": self.summary.rollback,
            "skipped": [tool for tool, _ in self.summary.skipped],
            **shown,
            "unread": self.summary.unread,
            "model": self.summary.model,
            "results": self.summary.results,
        }
        stored = self.ledger.run["reply"]
        if self.said is None and stored is not None and stored.get("message") == self.message:
            # A retry of this message after a lost lease: it was said already.
            self.said = stored
        if reply == self.said:
            return
        if self.said is not None:
            # A replay that did more says so in a reply of its own: one reply event per message.
            self.message = reply["message"] = new_id()
        self.said = reply
        self.ledger.set_reply(reply)
        self.ledger.message(
            MessageRecord(
                id=self.message,
                thread=self.ledger.thread,
                run=self.ledger.id,
                session=self.session,
                text=text,
            )
        )
        # What the reply waited on and refused, so a reload shows it as it showed live.
        pauses = [{"id": pause["id"], "wording": pause.get("wording")} for pause in waiting]
        self.ledger.event(
            "reply",
            {
                "message": self.message,
                "text": text,
                **shown,
                "unread": self.summary.unread,
                "model": self.summary.model,
                "results": self.summary.results,
                "waited_on": pauses,
                "refusal": self.summary.refusal,
            },
        )


async def advance(runtime: Runtime, snapshot: RunSnapshot, lease: str, start: Start) -> Advance:
    """Carry a run (whose lease the caller holds) until it waits or ends, then let go of it.

    When an answer arrives on another worker meanwhile, the lease is kept and the run is read
    and replayed again, so no answer is left unapplied. A new run (`start.create`) is stored with
    its first write (RunConflict when its thread has a run going forward). A `quiet` advance (a
    rollback, a correction, a takeover) adds no reply when it did nothing.
    """
    work = Advance(runtime, snapshot, lease, start)
    for kind, data in start.events:
        work.ledger.event(kind, data)
    while True:
        stopping = work.stopping(start.why)
        if stopping is not None:
            await work.stop(stopping)
        else:
            await work.run_pass()
        work.end_pass()
        if await work.flush(release=True):
            return work
        fresh = await runtime.store.load(work.ledger.id)
        if fresh is None:
            raise LeaseLost(work.ledger.id)
        work.load(fresh)
