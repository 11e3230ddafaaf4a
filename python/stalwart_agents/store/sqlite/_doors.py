"""What the SQLite store keeps of a door's pauses (the LangGraph door's): each function is the
body of one transaction, as in _transactions.py; the statements match postgres/_doors.py.
"""

from __future__ import annotations

import sqlite3
import time

from stalwart_agents.store._records import DoorPause
from stalwart_agents.store._rows import door_pause, dumps

__all__ = [
    "close_door_pauses",
    "due_door_pauses",
    "hold_door_turn",
    "keep_door_pauses",
    "stale_door_turns",
]


def hold_door_turn(db: sqlite3.Connection, thread: str, turn: str, seconds: float) -> None:
    db.execute(
        "INSERT INTO door_turns (thread, turn, until) VALUES (?, ?, ?) "
        "ON CONFLICT (thread, turn) DO UPDATE SET until = excluded.until",
        (thread, turn, time.time() + seconds),
    )


def stale_door_turns(db: sqlite3.Connection, limit: int) -> list[tuple[str, str]]:
    rows = db.execute(
        "SELECT thread, turn FROM door_turns WHERE until < ? ORDER BY until LIMIT ?",
        (time.time(), limit),
    )
    return [(row["thread"], row["turn"]) for row in rows]


def keep_door_pauses(
    db: sqlite3.Connection,
    thread: str,
    waiting: list[DoorPause],
    gone: list[str],
    turn: str | None,
    outbox: float | None,
) -> list[str]:
    """RunStore.keep_door_pauses: new rows, their deliveries and the turn let go, at once."""
    now = time.time()
    close_door_pauses(db, gone)
    new = [
        pause["id"]
        for pause in waiting
        if db.execute(
            "INSERT INTO door_pauses (id, thread, state, token, interrupt, expires_at, "
            "created_at) VALUES (?, ?, 'open', ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING "
            "RETURNING id",
            (
                pause["id"],
                thread,
                pause["token"],
                dumps(pause["interrupt"]),
                pause["expires_at"],
                now,
            ),
        ).fetchone()
        is not None
    ]
    if outbox is not None:
        db.executemany(
            "INSERT INTO outbox (pause, thread, state, due_at, created_at) "
            "VALUES (?, ?, 'pending', ?, ?) ON CONFLICT (pause) DO NOTHING",
            [(pause, thread, now + outbox, now) for pause in new],
        )
    if turn is not None:
        db.execute("DELETE FROM door_turns WHERE thread = ? AND turn = ?", (thread, turn))
    return new


def close_door_pauses(db: sqlite3.Connection, pauses: list[str]) -> None:
    db.executemany(
        "UPDATE door_pauses SET state = 'closed', closed_at = ? WHERE id = ? AND state = 'open'",
        [(time.time(), pause) for pause in pauses],
    )


def due_door_pauses(db: sqlite3.Connection, now: float, limit: int) -> list[DoorPause]:
    rows = db.execute(
        "SELECT id, thread, token, interrupt, expires_at FROM door_pauses "
        "WHERE state = 'open' AND expires_at <= ? ORDER BY expires_at LIMIT ?",
        (now, limit),
    )
    return [door_pause(row) for row in rows]
