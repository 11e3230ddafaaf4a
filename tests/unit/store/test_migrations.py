"""Migrations are append-only: what a released migration runs never changes, on either store."""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

import pytest

from stalwart_agents.store._migration import Migration, pending
from stalwart_agents.store.postgres._migrations import POSTGRES_MIGRATIONS
from stalwart_agents.store.sqlite import _reads as reads
from stalwart_agents.store.sqlite._migrations import SQLITE_MIGRATIONS, migrate

# What each released migration runs, hashed; append a fingerprint when a migration is released.
RELEASED = {
    "sqlite": ("2586768e26d085f9", "cc0a12854d084bf8", "b89e5015037df0c8"),
    "postgres": (
        "c2dddac55e946e61",
        "dc919f0a9c51bb36",
        "ea38dcc0e40e17b7",
        "2e30e7c8370ab8d9",
        "a0975d5b73ec2d20",
    ),
}


def fingerprint(migration: Migration) -> str:
    """Its statements and seed, byte for byte, hashed."""
    return hashlib.sha256(repr(tuple(migration)).encode()).hexdigest()[:16]


@pytest.mark.parametrize(
    ("backend", "migrations"), [("sqlite", SQLITE_MIGRATIONS), ("postgres", POSTGRES_MIGRATIONS)]
)
def test_a_released_migration_runs_what_it_ran_when_released(
    backend: str, migrations: tuple[Migration, ...]
) -> None:
    released = RELEASED[backend]
    ran = tuple(fingerprint(migration) for migration in migrations[: len(released)])
    # A database that had it will never run it again: change the schema in a new migration.
    # A function changed in postgres/functions.py must first be copied into the old migration.
    assert ran == released
    assert len(migrations) >= len(released)


def test_sqlite_events_written_before_they_were_kept_in_order_read_the_same_after(
    tmp_path: Path,
) -> None:
    db = sqlite3.connect(tmp_path / "runs.db", isolation_level=None)
    db.row_factory = sqlite3.Row
    db.execute(
        "CREATE TABLE stalwart_migrations (version INTEGER PRIMARY KEY, applied_at REAL NOT NULL)"
    )
    record = "INSERT INTO stalwart_migrations (version, applied_at) VALUES (?, ?)"
    for statement, parameters in pending(SQLITE_MIGRATIONS[:-1], set(), record):
        db.execute(statement, parameters or ())
    db.execute("INSERT INTO threads (id, last_seq, created_at) VALUES ('t-1', 3, 1.0)")
    db.executemany(
        "INSERT INTO events (thread, seq, run, type, at, data) VALUES ('t-1', ?, 'r-1', ?, 2.0, ?)",
        [(3, "reply", '{"text":"done"}'), (1, "turn", '{"text":"hi"}'), (2, "plan", "{}")],
    )
    migrate(db)
    events = reads.events(db, "t-1", 1, 10)
    assert [(e["id"], e["type"], e["data"]) for e in events] == [
        (2, "plan", {}),
        (3, "reply", {"text": "done"}),
    ]
    assert reads.schema_version(db) == len(SQLITE_MIGRATIONS)
