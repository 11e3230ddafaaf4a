"""Numbered, append-only schema changes per backend; a migrations table records which ran."""

from __future__ import annotations

import time
from collections.abc import Collection, Iterator, Sequence
from typing import Any, NamedTuple

from stalwart_agents.store._rows import fresh_secret

__all__ = ["Migration", "pending"]


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
