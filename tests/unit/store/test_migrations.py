"""Migrations are append-only: what a released migration runs never changes, on either store."""

from __future__ import annotations

import hashlib

import pytest

from stalwart_agents.store._migration import Migration
from stalwart_agents.store.postgres._migrations import POSTGRES_MIGRATIONS
from stalwart_agents.store.sqlite._migrations import SQLITE_MIGRATIONS

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
