"""DeskRoles: the store's roles a desk lends to what serves it, so nothing reaches its store."""

from __future__ import annotations

from dataclasses import dataclass

from stalwart_agents.store import EventLog, FileIndex, People, ReplyFeedback, RunLog, RunStore

__all__ = ["DeskRoles"]


@dataclass(frozen=True)
class DeskRoles:
    """Each role a route or the CLI reads outside a run, typed as narrowly as its use."""

    people: People
    """Sessions, staff and pairing codes: who may use the bot."""
    files: FileIndex
    """The files the agent's tools made, for the files routes."""
    feedback: ReplyFeedback
    """The thumbs people put on replies."""
    events: EventLog
    """The thread's events, for the stream."""
    runs: RunLog
    """Read by the stream only for whether a thread exists."""

    @classmethod
    def of(cls, store: RunStore) -> DeskRoles:
        """The roles of one store: a backend is every role at once."""
        return cls(people=store, files=store, feedback=store, events=store, runs=store)
