"""What the SQLite store reads, each a function of the connection it runs on."""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Mapping
from typing import Any

from stalwart_agents.store._records import (
    DecisionRecord,
    EventRecord,
    MessageRecord,
    PauseRecord,
    RunSnapshot,
    StaffRecord,
)
from stalwart_agents.store._rows import (
    DECISIONS_SQL,
    decision_record,
    event_record,
    journal_entry,
    pause_record,
    run_record,
)

__all__ = [
    "decisions",
    "deliveries",
    "delivery",
    "due_pauses",
    "events",
    "expired",
    "feedback",
    "get_setting",
    "is_staff",
    "latest_run",
    "message",
    "open_pauses",
    "pause",
    "schema_version",
    "session_exists",
    "sessions_unused_since",
    "snapshot",
    "staff",
    "thread_exists",
]


def snapshot(
    db: sqlite3.Connection,
    run: str,
    row: Mapping[str, Any] | None = None,
    pauses: list[PauseRecord] | None = None,
) -> RunSnapshot | None:
    """A run with its journal and pauses, or None; `row` is its runs row and `pauses` its
    pauses, in order, when the transaction has them already."""
    if row is None:
        row = db.execute("SELECT * FROM runs WHERE id = ?", (run,)).fetchone()
    if row is None:
        return None
    journal = {
        entry["step"]: entry
        for entry in map(
            journal_entry,
            db.execute("SELECT * FROM journal WHERE run = ? ORDER BY step", (run,)),
        )
    }
    if pauses is None:
        pauses = [
            pause_record(p)
            for p in db.execute(
                "SELECT * FROM pauses WHERE run = ? ORDER BY created_at, step, id", (run,)
            )
        ]
    return RunSnapshot(run_record(row), journal, pauses)


def schema_version(db: sqlite3.Connection) -> int:
    return int(db.execute("SELECT count(*) FROM stalwart_migrations").fetchone()[0])


def latest_run(db: sqlite3.Connection, thread: str) -> str | None:
    row = db.execute("SELECT current_run FROM threads WHERE id = ?", (thread,)).fetchone()
    return None if row is None else row[0]


def expired(db: sqlite3.Connection, limit: int) -> list[str]:
    rows = db.execute(
        "SELECT id FROM runs WHERE lease IS NOT NULL AND lease_until < ? "
        "ORDER BY lease_until LIMIT ?",
        (time.time(), limit),
    )
    return [row[0] for row in rows]


def due_pauses(db: sqlite3.Connection, now: float, limit: int) -> list[PauseRecord]:
    rows = db.execute(
        "SELECT * FROM pauses WHERE state = 'open' AND expires_at <= ? ORDER BY expires_at LIMIT ?",
        (now, limit),
    )
    return [pause_record(row) for row in rows]


def open_pauses(db: sqlite3.Connection, thread: str) -> list[PauseRecord]:
    rows = db.execute(
        "SELECT * FROM pauses WHERE thread = ? AND state = 'open' ORDER BY created_at, step, id",
        (thread,),
    )
    return [pause_record(row) for row in rows]


def decisions(db: sqlite3.Connection, thread: str) -> list[DecisionRecord]:
    return [
        decision_record(row) for row in db.execute(DECISIONS_SQL.format(p="?"), (thread, thread))
    ]


def pause(db: sqlite3.Connection, ident: str) -> PauseRecord | None:
    row = db.execute("SELECT * FROM pauses WHERE id = ?", (ident,)).fetchone()
    return None if row is None else pause_record(row)


def thread_exists(db: sqlite3.Connection, thread: str) -> bool:
    return db.execute("SELECT 1 FROM threads WHERE id = ?", (thread,)).fetchone() is not None


def events(db: sqlite3.Connection, thread: str, after: int, limit: int) -> list[EventRecord]:
    rows = db.execute(
        "SELECT * FROM events WHERE thread = ? AND seq > ? ORDER BY seq LIMIT ?",
        (thread, after, limit),
    )
    return [event_record(row) for row in rows]


def session_exists(db: sqlite3.Connection, session: str) -> bool:
    return db.execute("SELECT 1 FROM sessions WHERE id = ?", (session,)).fetchone() is not None


def sessions_unused_since(db: sqlite3.Connection, moment: float) -> bool:
    found = db.execute("SELECT 1 FROM sessions WHERE last_seen < ? LIMIT 1", (moment,))
    return found.fetchone() is not None


def is_staff(db: sqlite3.Connection, session: str) -> bool:
    row = db.execute(
        "SELECT 1 FROM sessions WHERE id = ? AND staff_since IS NOT NULL", (session,)
    ).fetchone()
    return row is not None


def staff(db: sqlite3.Connection) -> list[StaffRecord]:
    rows = db.execute(
        "SELECT id, staff_since, paired_by FROM sessions "
        "WHERE staff_since IS NOT NULL ORDER BY staff_since, id"
    )
    return [StaffRecord(session=row[0], since=row[1], paired_by=row[2]) for row in rows]


def message(db: sqlite3.Connection, thread: str, ident: str) -> MessageRecord | None:
    """A reply is its reply event: the latest with this message id, should a retry repeat it."""
    row = db.execute(
        "SELECT run, session, json_extract(data, '$.text') FROM events "
        "WHERE thread = ? AND type = 'reply' AND json_extract(data, '$.message') = ? "
        "ORDER BY seq DESC LIMIT 1",
        (thread, ident),
    ).fetchone()
    if row is None:
        return None
    return MessageRecord(id=ident, thread=thread, run=row[0], session=row[1], text=row[2])


def feedback(db: sqlite3.Connection, message: str) -> str | None:
    row = db.execute("SELECT thumb FROM feedback WHERE message = ?", (message,)).fetchone()
    return None if row is None else str(row[0])


def deliveries(db: sqlite3.Connection, pause: str) -> list[dict[str, Any]]:
    rows = db.execute(
        "SELECT thread, pause, url, error, at FROM webhook_deliveries WHERE pause = ? ORDER BY id",
        (pause,),
    )
    return [dict(row) for row in rows]


def delivery(db: sqlite3.Connection, pause: str) -> dict[str, Any] | None:
    row = db.execute(
        "SELECT state, attempts, last_error, due_at FROM outbox WHERE pause = ?", (pause,)
    ).fetchone()
    return None if row is None else dict(row)


def get_setting(db: sqlite3.Connection, key: str) -> Any:
    row = db.execute("SELECT value FROM settings WHERE key = ?", (key,)).fetchone()
    return None if row is None else json.loads(row[0])
