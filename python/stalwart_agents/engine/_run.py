"""The `run` a step receives: its calls get positions in the order they are made."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Mapping, Sequence
from typing import Any, Protocol

from stalwart_agents.engine._hold import Hold
from stalwart_agents.engine._outcomes import (
    Done,
    Failed,
    Outcome,
    Paused,
    Proposed,
    Refused,
    Skipped,
)
from stalwart_agents.errors import CallRefused, CallSkipped, ToolFailed
from stalwart_agents.model import Ran
from stalwart_agents.plan import Call, Value

__all__ = ["Carrier", "Run", "Suspend"]


class Suspend(BaseException):
    """A call paused: the step stops here and the run waits for a person.

    A BaseException, so a step's `except Exception` never swallows it.
    """


class Carrier(Hold, Protocol):
    """The advance carrying a run, as its `Run` reaches it: the held run, and its calls."""

    async def call(self, step: int, tool: str, raw: Mapping[str, Any]) -> Outcome:
        """Carry one call as far as it goes now, counted so the pass knows when all have settled."""

    async def unread(
        self, step: int, ran: Sequence[Sequence[Ran]] = ()
    ) -> list[Proposed] | Paused | None:
        """The calls for a turn nothing read, a pause to ask first, or None when nothing runs;
        with `ran`, the model's next calls once it has the results of the reads it asked for."""


class Run:
    """A run as its step sees it; every `await run.call(...)` is journaled and replayed.

    A step must make the same calls in the same order each time it is replayed, as a workflow
    would: the position of a call is the order in which `run.call` was invoked.
    """

    def __init__(self, carrier: Carrier) -> None:
        self._carrier = carrier
        self._next = 0

    @property
    def id(self) -> str:
        return self._carrier.ledger.id

    @property
    def thread(self) -> str:
        return self._carrier.ledger.thread

    @property
    def context(self) -> Mapping[str, Any]:
        return self._carrier.ledger.context

    def call(self, tool: str, /, **args: Any) -> Awaitable[Value]:
        """Check and run `tool`; the result comes back as a Value whose origin is `result:<step>`.

        An argument given as a Value keeps its origin; a plain value is `computed`. Raises
        CallSkipped, CallRefused or ToolFailed into the step; a pause stops the step until the
        person answers.
        """
        step = self._next
        self._next += 1
        return self._call(step, tool, args)

    async def _call(self, step: int, tool: str, args: Mapping[str, Any]) -> Value:
        """One call's outcome as the step gets it: its value, or an error raised into it."""
        match await self._carrier.call(step, tool, args):
            case Done(value):
                return value
            case Paused(pause):
                self._carrier.park(pause)
                raise Suspend()
            case Skipped(because):
                raise CallSkipped(step, tool, because)
            case Refused(sentence):
                raise CallRefused(step, tool, sentence)
            case Failed(error):
                raise ToolFailed(step, tool, error)

    async def gather(self, *calls: Awaitable[Value], return_exceptions: bool = False) -> list[Any]:
        """Run calls side by side; each may pause on its own, and the run then waits on all of them.

        Unlike asyncio.gather, it lets every call reach its end (or its pause) before raising.
        """
        results = await asyncio.gather(*calls, return_exceptions=True)
        for result in results:
            if isinstance(result, Suspend):
                raise result
        if not return_exceptions:
            for result in results:
                if isinstance(result, BaseException):
                    raise result
        return list(results)

    async def unread(self) -> list[Call] | None:
        """A turn nothing read: on_unread decides; the model's calls, or None when nothing runs."""
        planned = await self._proposed(())
        return None if planned is None else [call for _, call in planned]

    async def delegate(self) -> None:
        """Carry a turn nothing read through the model, as on_unread lets it.

        Each answer's calls run in order; while all of them ran unasked (reads), their results go
        back to the model for its next calls. A call that needs a person, a refusal, the model's
        words or `model.steps` ends it; each exchange and each read is journaled, so a replay
        neither asks the model again nor runs a read twice.
        """
        rounds: list[list[Ran]] = []
        while planned := await self._proposed(rounds):
            reads: list[Ran] = []
            asked_person = False
            for ident, call in planned:
                step = self._next
                try:
                    value = await self.call(call.tool, **call.args)
                except CallSkipped:
                    asked_person = True
                    continue
                asked_person = asked_person or self._carrier.ledger.paused_at(step)
                # Kept at once: a worker that crashes before the next answer runs no read twice.
                await self._carrier.flush()
                args = {name: each.value for name, each in call.args.items()}
                reads.append(Ran(id=ident, tool=call.tool, args=args, result=value.value))
            if asked_person:
                return
            rounds.append(reads)

    async def _proposed(self, ran: Sequence[Sequence[Ran]]) -> list[Proposed] | None:
        """One exchange's calls at the next position; a pause on the way stops the step."""
        step = self._next
        self._next += 1
        planned = await self._carrier.unread(step, ran)
        if isinstance(planned, Paused):
            self._carrier.park(planned.pause)
            raise Suspend()
        return planned

    def say(self, text: str) -> None:
        """Set the reply's text."""
        self._carrier.summary.said = text
