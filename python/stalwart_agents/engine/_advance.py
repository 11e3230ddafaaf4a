"""One worker carrying a run forward, from where the store has it to its next wait or its end."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Mapping
from typing import Any, TypeVar

from stalwart_agents.engine import _calls as calls
from stalwart_agents.engine import _saga as saga
from stalwart_agents.engine._ledger import Ledger
from stalwart_agents.engine._outcomes import Outcome, Paused
from stalwart_agents.engine._replies import Summary, compose
from stalwart_agents.engine._run import Run, Suspend
from stalwart_agents.engine._runtime import Runtime, Turn
from stalwart_agents.engine._shows import gather
from stalwart_agents.engine._unread import unread
from stalwart_agents.errors import CallRefused, CallSkipped, LeaseLost, StalwartError, ToolFailed
from stalwart_agents.plan import Call, Plan
from stalwart_agents.store._records import (
    MessageRecord,
    PauseState,
    RunRecord,
    RunSnapshot,
    RunState,
)
from stalwart_agents.tools import failure_sentence
from stalwart_agents.wording import phrase

__all__ = ["Advance", "advance"]

T = TypeVar("T")

# A run in one of these states has nothing left to do going forward.
_ENDED = (RunState.DONE, RunState.REFUSED, RunState.FAILED, RunState.CANCELLED)


class Advance:
    """The state of one advance: the ledger, the lease, and what to say when it stops.

    It is the engine's one state object: calls, the saga and an unread turn reach it as a
    `State`, and a step's `Run` as a `Carrier`.
    """

    def __init__(
        self,
        runtime: Runtime,
        snapshot: RunSnapshot,
        lease: str,
        *,
        message: str,
        session: str | None,
        sent_step: int | None = None,
        create: bool = False,
    ) -> None:
        self.runtime = runtime
        self.lease = lease
        # A new run is stored with its first write, so a turn costs one transaction.
        self.create: RunRecord | None = RunRecord(**snapshot.run) if create else None
        self.message = message
        self.session = session
        self.summary = Summary()
        self._flushing = asyncio.Lock()
        self.load(snapshot, sent_step)

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
            return await calls.call(self.runtime, self, step, tool, raw)
        finally:
            self.active -= 1
            if self.active == 0:
                self.idle.set()

    async def unread(self, step: int) -> list[Call] | Paused | None:
        """A turn nothing read, as the agent's on_unread says."""
        return await unread(self.runtime, self, step)

    async def run_pass(self) -> None:
        """Replay the step (or continue the saga) until every call has settled."""
        run = self.ledger.run
        if run["saga"] is not None:
            if run["state"] not in _ENDED:
                await saga.undo(self.runtime, self, run["saga"])
            return
        if run["state"] in _ENDED:
            return
        if any(
            p["state"] == PauseState.ANSWERED and p["decision"] == "cancel_all"
            for p in self.ledger.pauses.values()
        ):
            await self.stop("cancel_all")
            return
        self.ledger.set_state(RunState.RUNNING)
        turn = run["turn"]
        failure: str | None = None
        refused = False
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
            if said:
                self.summary.said = said
        except Suspend:
            pass
        except CallRefused:
            refused = True
        except CallSkipped:
            pass
        except ToolFailed as error:
            failure = error.error
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
        await self.idle.wait()
        if failure is not None:
            for pause in self.ledger.open_pauses():
                self.ledger.close_pause(pause["id"])
            await saga.undo(self.runtime, self, "failed")
        else:
            for pause in self.ledger.open_pauses():
                if pause["id"] not in self.parked:
                    self.ledger.close_pause(pause["id"])
            if self.parked:
                self.ledger.set_state(RunState.WAITING)
            else:
                self.ledger.set_state(RunState.REFUSED if refused else RunState.DONE)

    async def stop(self, why: str) -> None:
        """Nothing more runs: close what waits and undo what the run did, newest first."""
        for pause in self.ledger.open_pauses():
            self.ledger.close_pause(pause["id"])
        self.summary.cancelled = True
        self.parked.clear()
        await saga.undo(self.runtime, self, why)

    def end_pass(self) -> None:
        """Put back a claim's mark that was never used, and write down the reply."""
        self.ledger.return_claim()
        waiting = [p["interrupt"] for p in self.ledger.open_pauses()]
        text = compose(self.summary, waiting, self.ledger.language, self.runtime.agent_file.tools)
        shown = gather(self.summary.done, self.ledger.journal, self.runtime.agent_file.tools)
        reply = {
            "message": self.message,
            "text": text,
            "refusal": self.summary.refusal,
            "rollback": self.summary.rollback,
            "skipped": [tool for tool, _ in self.summary.skipped],
            **shown,
        }
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
        self.ledger.event("reply", {"message": self.message, "text": text, **shown})


async def advance(
    runtime: Runtime,
    snapshot: RunSnapshot,
    lease: str,
    *,
    message: str,
    session: str | None,
    sent_step: int | None = None,
    why: str | None = None,
    events: list[tuple[str, dict[str, Any]]] | None = None,
    create: bool = False,
) -> Advance:
    """Carry a run (whose lease the caller holds) until it waits or ends, then let go of it.

    When an answer arrives on another worker meanwhile, the lease is kept and the run is read
    and replayed again, so no answer is left unapplied. With `create`, the run is new and is
    stored with its first write (RunConflict when its thread has a run going forward).
    """
    work = Advance(
        runtime,
        snapshot,
        lease,
        message=message,
        session=session,
        sent_step=sent_step,
        create=create,
    )
    for kind, data in events or ():
        work.ledger.event(kind, data)
    while True:
        if why is not None and work.ledger.run["saga"] is None:
            await work.stop(why)
        else:
            await work.run_pass()
        work.end_pass()
        if await work.flush(release=True):
            return work
        fresh = await runtime.store.load(work.ledger.id)
        if fresh is None:
            raise LeaseLost(work.ledger.id)
        work.load(fresh)
