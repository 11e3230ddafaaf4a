"""The `run` a step receives: its calls get positions in the order they are made."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Mapping
from typing import TYPE_CHECKING, Any

from stalwart_agents.engine.runtime import Cancel, Suspend
from stalwart_agents.plan import Call, Value

if TYPE_CHECKING:
    from stalwart_agents.engine.advance import Advance

__all__ = ["Run"]


class Run:
    """A run as its step sees it; every `await run.call(...)` is journaled and replayed.

    A step must make the same calls in the same order each time it is replayed, as a workflow
    would: the position of a call is the order in which `run.call` was invoked.
    """

    def __init__(self, advance: Advance) -> None:
        self._advance = advance
        self._next = 0

    @property
    def id(self) -> str:
        return self._advance.ledger.id

    @property
    def thread(self) -> str:
        return self._advance.ledger.thread

    @property
    def context(self) -> Mapping[str, Any]:
        return self._advance.context

    def call(self, tool: str, /, **args: Any) -> Awaitable[Value]:
        """Check and run `tool`; the result comes back as a Value whose origin is `result:<step>`.

        An argument given as a Value keeps its origin; a plain value is `computed`. Raises
        CallSkipped, CallRefused or ToolFailed into the step; a pause stops the step until the
        person answers.
        """
        step = self._next
        self._next += 1
        return self._advance.call(step, tool, args)

    async def gather(self, *calls: Awaitable[Value], return_exceptions: bool = False) -> list[Any]:
        """Run calls side by side; each may pause on its own, and the run then waits on all of them.

        Unlike asyncio.gather, it lets every call reach its end (or its pause) before raising.
        """
        results = await asyncio.gather(*calls, return_exceptions=True)
        for signal in (Cancel, Suspend):
            for result in results:
                if isinstance(result, signal):
                    raise result
        if not return_exceptions:
            for result in results:
                if isinstance(result, BaseException):
                    raise result
        return list(results)

    async def unread(self) -> list[Call] | None:
        """A turn nothing read: on_unread decides; the model's calls, or None when nothing runs."""
        step = self._next
        self._next += 1
        return await self._advance.unread(step)

    def say(self, text: str) -> None:
        """Set the reply's text."""
        self._advance.summary.said = text
