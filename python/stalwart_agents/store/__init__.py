"""Where runs wait: the store contract and its SQLite and PostgreSQL backends."""

from __future__ import annotations

from stalwart_agents.errors import StoreError
from stalwart_agents.store._base import SESSION_AGE, RunStore
from stalwart_agents.store.sqlite import SqliteRunStore

__all__ = ["SESSION_AGE", "RunStore", "SqliteRunStore", "open_store"]


def open_store(url: str) -> RunStore:
    """The store a storage URL names, not yet opened: sqlite:///… or postgres(ql)://…."""
    if url.startswith("sqlite:///"):
        return SqliteRunStore.from_url(url)
    if url.startswith(("postgres://", "postgresql://")):
        from stalwart_agents.store.postgres import PostgresRunStore

        return PostgresRunStore(url)
    raise StoreError(f"{url!r} names no store: use sqlite:///… or postgres://….")
