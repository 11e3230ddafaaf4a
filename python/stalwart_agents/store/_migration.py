"""Numbered, append-only schema changes per backend; a migrations table records which ran."""

from __future__ import annotations

import time
from collections.abc import Collection, Iterator, Sequence
from typing import Any, Final, NamedTuple

from stalwart_agents.store._rows import fresh_secret

__all__ = ["DOOR_TABLES", "Migration", "pending"]


class Migration(NamedTuple):
    """One schema step; its index in its backend's list is its version, so never reorder or edit."""

    statements: tuple[str, ...]
    seed: str | None = None
    """A statement run once with a fresh instance secret as its `secret` parameter."""


def pending(
    migrations: Sequence[Migration], done: Collection[int], record: str
) -> Iterator[tuple[str, Any]]:
    """Each statement, with its parameters or None, of the migrations not yet done, in order.

    Args:
        migrations: the backend's migrations, indexed by version.
        done: the versions the database has had.
        record: the statement that records a version as done, given (version, time).
    """
    for version, migration in enumerate(migrations):
        if version in done:
            continue
        for statement in migration.statements:
            yield statement, None
        if migration.seed is not None:
            yield migration.seed, {"secret": fresh_secret(), "now": time.time()}
        yield record, (version, time.time())


DOOR_TABLES: Final = (
    """CREATE TABLE door_pauses (
        id text PRIMARY KEY,
        thread text NOT NULL,
        state text NOT NULL,
        token text NOT NULL,
        interrupt text NOT NULL,
        expires_at double precision,
        created_at double precision NOT NULL,
        closed_at double precision
    )""",
    "CREATE INDEX door_pauses_due ON door_pauses (expires_at) "
    "WHERE state = 'open' AND expires_at IS NOT NULL",
    """CREATE TABLE door_turns (
        thread text NOT NULL,
        turn text NOT NULL,
        until double precision NOT NULL,
        PRIMARY KEY (thread, turn)
    )""",
    "CREATE INDEX door_turns_by_until ON door_turns (until)",
)
"""A door's pauses and turns in flight; the same statements on SQLite and PostgreSQL."""
