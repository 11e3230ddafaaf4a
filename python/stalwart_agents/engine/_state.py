"""What calls, the saga and an unread turn may touch of a run while one worker carries it."""

from __future__ import annotations

from collections.abc import Awaitable
from typing import Protocol, TypeVar

from stalwart_agents.engine._ledger import Ledger
from stalwart_agents.engine._replies import Summary
from stalwart_agents.store import PauseRecord

__all__ = ["State", "open_pause"]

T = TypeVar("T")


class State(Protocol):
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


def open_pause(state: State, pause: PauseRecord) -> str:
    """Keep a new pause with the run, tell the stream, and name it in the reply; its id."""
    state.ledger.add_pause(pause)
    state.ledger.event("pause", {"interrupt": pause["interrupt"]})
    state.summary.new_pauses.append(pause["id"])
    return pause["id"]
