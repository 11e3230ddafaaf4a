"""One worker carrying a run forward, from where the store has it to its next wait or its end."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Mapping
from typing import Any, TypeVar

from stalwart_agents import saga
from stalwart_agents.engine import calls
from stalwart_agents.engine.interrupts import make_pause, plan_event
from stalwart_agents.engine.ledger import Ledger, new_entry
from stalwart_agents.engine.replies import Summary, compose, phrase
from stalwart_agents.engine.run import Run
from stalwart_agents.engine.runtime import Cancel, Runtime, Suspend, Turn
from stalwart_agents.engine.shows import gather
from stalwart_agents.errors import CallRefused, CallSkipped, LeaseLost, StalwartError, ToolFailed
from stalwart_agents.plan import Call, Plan, Value
from stalwart_agents.store.records import (
    MessageRecord,
    PauseState,
    RunRecord,
    RunSnapshot,
    RunState,
    StepStatus,
)
from stalwart_agents.tools import failure_sentence

__all__ = ["Advance", "advance"]

T = TypeVar("T")

# A run in one of these states has nothing left to do going forward.
_ENDED = (RunState.DONE, RunState.REFUSED, RunState.FAILED, RunState.CANCELLED)


class Advance:
    """The state of one advance: the ledger, the lease, and what to say when it stops."""

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
        self.ledger = Ledger(snapshot)
        self.version = snapshot.run["version"]
        self.missed = False
        self.sent_step = sent_step
        self.sent_used = False
        self.parked: set[str] = set()
        self.active = 0
        self.idle = asyncio.Event()
        self.idle.set()

    @property
    def context(self) -> Mapping[str, Any]:
        return self.ledger.run["turn"].get("context") or {}

    @property
    def language(self) -> str:
        return str(self.ledger.run["turn"].get("language") or "en")

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

    async def call(self, step: int, tool: str, raw: Mapping[str, Any]) -> Value:
        """One call of the step; counted so the advance knows when every call has settled."""
        self.active += 1
        self.idle.clear()
        try:
            return await calls.call(self, step, tool, raw)
        finally:
            self.active -= 1
            if self.active == 0:
                self.idle.set()

    async def unread(self, step: int) -> list[Call] | None:
        """A turn nothing read: refuse it, ask whether the model may have it, or hand it over."""
        agent = self.runtime.agent
        if agent.on_unread == "refuse":
            self.summary.said = phrase(self.language, "unread")
            return None
        if agent.on_unread == "ask":
            text = self.ledger.run["turn"].get("text") or ""
            pauses = self.ledger.pauses_at(step, "delegate")
            latest = pauses[-1] if pauses else None
            if latest is None:
                pause = make_pause(
                    self.ledger,
                    self.runtime.store.secret,
                    kind="delegate",
                    step=step,
                    tool=None,
                    args={},
                    wording=phrase(self.language, "delegate"),
                    extra={"text": text},
                    covers={"text": text},
                )
                self.ledger.add_pause(pause)
                self.ledger.event("pause", {"interrupt": pause["interrupt"]})
                self.summary.new_pauses.append(pause["id"])
                latest = pause
            if latest["state"] == PauseState.OPEN:
                self.parked.add(latest["id"])
                raise Suspend()
            if latest["decision"] == "decline":
                self.summary.said = phrase(self.language, "declined")
                return None
        return await self._model_plan(step)

    async def _model_plan(self, step: int) -> list[Call] | None:
        """The model's calls, asked once and journaled, so a replay never asks again."""
        entry = self.ledger.entry(step)
        if entry is not None and entry["status"] == StepStatus.DONE:
            return [Call.model_validate(call) for call in entry["result"]]
        if entry is not None and entry["status"] == StepStatus.FAILED:
            self.summary.said = entry["error"]
            return None
        entry = new_entry(step, "model", False)
        model = self.runtime.model
        text = self.ledger.run["turn"].get("text") or ""
        if model is None:
            said = phrase(self.language, "no_model")
            entry["status"] = StepStatus.FAILED
            entry["error"] = said
            self.ledger.put(entry)
            self.summary.said = said
            return None
        try:
            proposed = await self.renewing(
                model.propose(text, self.runtime.catalogue, self.language)
            )
        except (Suspend, Cancel, asyncio.CancelledError):
            raise
        except Exception as error:
            said = phrase(self.language, "model_failed")
            entry["status"] = StepStatus.FAILED
            entry["error"] = said
            entry["result"] = {"error": str(error)}
            self.ledger.put(entry)
            self.summary.said = said
            return None
        planned = [
            Call(
                tool=call.tool,
                args={name: Value(value=v.value, origin="model") for name, v in call.args.items()},
            )
            for call in proposed
        ]
        entry["status"] = StepStatus.DONE
        entry["result"] = [c.model_dump(mode="json") for c in planned]
        self.ledger.put(entry)
        self.ledger.event("plan", {"by": "model", "calls": plan_event(planned)})
        return planned

    async def run_pass(self) -> None:
        """Replay the step (or continue the saga) until every call has settled."""
        run = self.ledger.run
        if run["saga"] is not None:
            if run["state"] not in _ENDED:
                await saga.undo(self, run["saga"])
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
        refused = cancelled = False
        try:
            said = await self.runtime.step(
                Run(self),
                Turn(
                    text=turn.get("text") or "",
                    plan=Plan.model_validate(turn.get("plan") or {}),
                    context=self.context,
                    language=self.language,
                ),
            )
            if said:
                self.summary.said = said
        except Suspend:
            pass
        except Cancel:
            cancelled = True
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
                self.summary.failed = ("step", said)
        await self.idle.wait()
        if cancelled:
            await self.stop("cancel_all")
        elif failure is not None:
            for pause in self.ledger.open_pauses():
                self.ledger.close_pause(pause["id"])
            await saga.undo(self, "failed")
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
        await saga.undo(self, why)

    def end_pass(self) -> None:
        """Put back a claim's mark that was never used, and write down the reply."""
        if self.sent_step is not None and not self.sent_used:
            entry = self.ledger.entry(self.sent_step)
            if entry is not None and entry["status"] == StepStatus.SENT:
                unknown = self.ledger.pauses_at(self.sent_step, "outcome_unknown")
                entry["status"] = StepStatus.UNKNOWN if unknown else StepStatus.WAITING
                self.ledger.put(entry)
        self.sent_step = None
        waiting = [p["interrupt"] for p in self.ledger.open_pauses()]
        text = compose(self.summary, waiting, self.language)
        shown = gather(self.summary.done, self.ledger.journal, self.runtime.spec.tools)
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
