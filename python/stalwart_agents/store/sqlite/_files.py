"""SQLite's index of the files tools saved: what each transaction of the files panel does."""

from __future__ import annotations

import sqlite3
from typing import Any, Final, cast

from stalwart_agents.store._records import FileRecord

__all__ = ["add_files", "file", "files"]

_COLUMNS: Final = (
    "id",
    "agent",
    "name",
    "type",
    "size",
    "saved_at",
    "thread",
    "run",
    "step",
    "folder",
    "stored",
)
_SELECT: Final = f"SELECT {', '.join(_COLUMNS)} FROM files"


def _record(row: tuple[Any, ...]) -> FileRecord:
    return cast(FileRecord, dict(zip(_COLUMNS, row, strict=True)))


def add_files(db: sqlite3.Connection, records: list[FileRecord]) -> list[str]:
    kept = []
    for record in records:
        cursor = db.execute(
            f"INSERT INTO files ({', '.join(_COLUMNS)}) VALUES ({', '.join('?' * len(_COLUMNS))})"
            " ON CONFLICT (id) DO NOTHING",
            tuple(record[column] for column in _COLUMNS),
        )
        if cursor.rowcount:
            kept.append(record["id"])
    return kept


def files(db: sqlite3.Connection, agent: str, limit: int) -> list[FileRecord]:
    rows = db.execute(
        f"{_SELECT} WHERE agent = ? ORDER BY saved_at DESC, id DESC LIMIT ?", (agent, limit)
    )
    return [_record(row) for row in rows]


def file(db: sqlite3.Connection, agent: str, ident: str) -> FileRecord | None:
    row = db.execute(f"{_SELECT} WHERE agent = ? AND id = ?", (agent, ident)).fetchone()
    return None if row is None else _record(row)
