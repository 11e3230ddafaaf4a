"""What calls, the saga and an unread turn may touch of a run while one worker carries it."""

from __future__ import annotations

from typing import Protocol

from stalwart_agents.engine._hold import Hold
from stalwart_agents.engine._runtime import Runtime
from stalwart_agents.store import PauseRecord

__all__ = ["State", "open_pause"]


class State(Hold, Protocol):
    """The held run with its agent: what the calls, the saga and an unread turn reach."""

    @property
    def runtime(self) -> Runtime:
        """The agent the run belongs to: its tools, policy check, store and step."""


def open_pause(state: Hold, pause: PauseRecord) -> str:
    """Keep a new pause with the run, tell the stream, and name it in the reply; its id."""
    state.ledger.add_pause(pause)
    state.ledger.event("pause", {"interrupt": pause["interrupt"]})
    state.summary.new_pauses.append(pause["id"])
    return pause["id"]
