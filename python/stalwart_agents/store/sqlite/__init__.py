"""The embedded run store on SQLite: where its transactions run, what they do, its schema."""

from __future__ import annotations

from stalwart_agents.store.sqlite._store import SqliteRunStore

__all__ = ["SqliteRunStore"]
