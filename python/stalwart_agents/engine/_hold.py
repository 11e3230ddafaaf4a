"""A run as one worker holds it, without the agent: what a step's `Run` and the calls share."""

from __future__ import annotations

from collections.abc import Awaitable
from typing import Protocol, TypeVar

from stalwart_agents.engine._ledger import Ledger
from stalwart_agents.engine._replies import Summary

__all__ = ["Hold"]

T = TypeVar("T")


class Hold(Protocol):
    """A run held by one advance (`Advance` is the one there is); nothing else is written to."""

    @property
    def ledger(self) -> Ledger:
        """The run as loaded, plus the journal, pauses and events still to write."""

    @property
    def summary(self) -> Summary:
        """What this advance did, for the reply."""

    def park(self, pause: str) -> None:
        """Have the run wait on this pause when the pass ends."""

    async def flush(self) -> bool:
        """Write what changed, durably, before a write is sent; False when nothing had."""

    async def renewing(self, work: Awaitable[T]) -> T:
        """Await a slow call while keeping the lease, so no other worker takes the run over."""
