"""The first writer wins: every claim is one INSERT … ON CONFLICT DO NOTHING RETURNING.

An empty result means another writer claimed the key first, on this worker or another; the
statement works alike on SQLite (3.35 and later) and PostgreSQL.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

__all__ = [
    "EXTERNAL_CLAIM_POSTGRES",
    "EXTERNAL_CLAIM_SQLITE",
    "PAUSE_CLAIM_SQLITE",
    "first_writer",
]


def first_writer(table: str, values: Mapping[str, str], key: tuple[str, ...]) -> str:
    """The claim statement: it returns the key's first column only to the first writer.

    Args:
        table: where claims are kept; `key` must be its primary key.
        values: each column with the SQL that fills it (a placeholder or an expression).
        key: the columns that name what is claimed.
    """
    missing = [column for column in key if column not in values]
    if missing:
        raise ValueError(f"The claim's key columns {missing} are not among its values.")
    return (
        f"INSERT INTO {table} ({', '.join(values)}) VALUES ({', '.join(values.values())}) "
        f"ON CONFLICT ({', '.join(key)}) DO NOTHING RETURNING {key[0]}"
    )


PAUSE_CLAIM_SQLITE: Final = first_writer(
    "claims", {"pause": "?", "decision": "?", "claimed_by": "?", "claimed_at": "?"}, ("pause",)
)
"""Claims one of our pauses; parameters: pause, decision, by, time."""

_EXTERNAL_COLUMNS: Final = (
    "scope",
    "key",
    "token",
    "decision",
    "value",
    "claimed_by",
    "thread",
    "kind",
    "step",
    "channel",
    "staff",
)
_EXTERNAL_KEY: Final = ("scope", "key")

EXTERNAL_CLAIM_SQLITE: Final = first_writer(
    "external_claims",
    {**dict.fromkeys(_EXTERNAL_COLUMNS, "?"), "claimed_at": "?"},
    _EXTERNAL_KEY,
)
"""Claims another system's key; parameters: scope, key, token, decision, value, by, thread,
kind, step, channel, staff, time."""

EXTERNAL_CLAIM_POSTGRES: Final = first_writer(
    "external_claims",
    {
        **dict.fromkeys(_EXTERNAL_COLUMNS, "%s"),
        "value": "%s::jsonb",
        "claimed_at": "stalwart_now()",
    },
    _EXTERNAL_KEY,
)
"""Claims another system's key at the database's time; parameters as for SQLite, less the time,
the value as JSON text."""
