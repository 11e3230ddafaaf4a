"""The shared run store on PostgreSQL: the store, its functions in the database, its schema."""

from __future__ import annotations

from stalwart_agents.store.postgres._store import PostgresRunStore

__all__ = ["PostgresRunStore"]
