"""The outbox's transactions on SQLite, apart so a delivery's life reads in one place."""

from __future__ import annotations

import json
import sqlite3
import time

from stalwart_agents.store._records import Changes, DeliveryState, DueDelivery, PauseState

__all__ = ["due_deliveries", "queue_deliveries", "record_delivery"]


def record_delivery(
    db: sqlite3.Connection,
    thread: str,
    pause: str,
    url: str | None,
    error: str | None,
    retry_in: float | None,
) -> None:
    """RunStore.record_delivery: the attempt kept, and the outbox's delivery settled by it."""
    now = time.time()
    db.execute(
        "INSERT INTO webhook_deliveries (thread, pause, url, error, at) VALUES (?, ?, ?, ?, ?)",
        (thread, pause, url, error, now),
    )
    state = _after_attempt(error, retry_in)
    db.execute(
        "UPDATE outbox SET state = ?, attempts = attempts + 1, last_error = ?, "
        "claimed_by = NULL, due_at = COALESCE(?, due_at), finished_at = ? "
        "WHERE pause = ? AND state = 'pending'",
        (
            state,
            error,
            None if retry_in is None else now + retry_in,
            None if state == DeliveryState.PENDING else now,
            pause,
        ),
    )


def due_deliveries(
    db: sqlite3.Connection, claimer: str, hold: float, limit: int
) -> list[DueDelivery]:
    """RunStore.due_deliveries: the write lock keeps two workers from claiming the same one."""
    now = time.time()
    rows = db.execute(
        "SELECT o.pause, o.thread, o.attempts, "
        "COALESCE(p.state, d.state) AS state, COALESCE(p.interrupt, d.interrupt) AS interrupt "
        "FROM outbox o LEFT JOIN pauses p ON p.id = o.pause "
        "LEFT JOIN door_pauses d ON d.id = o.pause "
        "WHERE o.state = 'pending' AND o.due_at <= ? ORDER BY o.due_at LIMIT ?",
        (now, limit),
    ).fetchall()
    waiting = [row for row in rows if row["state"] == PauseState.OPEN]
    db.executemany(
        "UPDATE outbox SET state = ?, finished_at = ?, claimed_by = NULL WHERE pause = ?",
        [
            (DeliveryState.SETTLED, now, row["pause"])
            for row in rows
            if row["state"] != PauseState.OPEN
        ],
    )
    db.executemany(
        "UPDATE outbox SET due_at = ?, claimed_by = ? WHERE pause = ?",
        [(now + hold, claimer, row["pause"]) for row in waiting],
    )
    return [
        DueDelivery(
            pause=row["pause"],
            thread=row["thread"],
            attempts=row["attempts"],
            interrupt=json.loads(row["interrupt"]),
        )
        for row in waiting
    ]


def _after_attempt(error: str | None, retry_in: float | None) -> DeliveryState:
    """Where a delivery is after an attempt: delivered, due again, or given up."""
    if error is None:
        return DeliveryState.DELIVERED
    return DeliveryState.GAVE_UP if retry_in is None else DeliveryState.PENDING


def queue_deliveries(db: sqlite3.Connection, changes: Changes, due: float) -> None:
    """The outbox rows of an advance's new pauses, so a crash after the commit loses none."""
    db.executemany(
        "INSERT INTO outbox (pause, thread, state, due_at, created_at) "
        "VALUES (?, ?, 'pending', ?, ?) ON CONFLICT (pause) DO NOTHING",
        [(pause["id"], pause["thread"], due, time.time()) for pause in changes.pauses],
    )
