"""What the SQLite store writes about people: sessions, the staff the owner paired, the phone's
pairing codes and the thumbs given; each function is the body of one write transaction.
"""

from __future__ import annotations

import sqlite3
import time

from stalwart_agents.store._records import MessageRecord, PairingUse

__all__ = [
    "add_pairing_code",
    "forget_sessions",
    "keep_session",
    "make_staff",
    "put_feedback",
    "revoke_staff",
    "use_pairing_code",
]


def keep_session(db: sqlite3.Connection, session: str, now: float) -> None:
    db.execute(
        "INSERT INTO sessions (id, created_at, last_seen) VALUES (?, ?, ?) "
        "ON CONFLICT (id) DO UPDATE SET last_seen = max(last_seen, excluded.last_seen)",
        (session, now, now),
    )


def forget_sessions(db: sqlite3.Connection, unused_since: float) -> int:
    return db.execute("DELETE FROM sessions WHERE last_seen < ?", (unused_since,)).rowcount


def make_staff(db: sqlite3.Connection, session: str, paired_by: str) -> None:
    db.execute(
        "UPDATE sessions SET staff_since = ?, paired_by = ? WHERE id = ?",
        (time.time(), paired_by, session),
    )


def revoke_staff(db: sqlite3.Connection, session: str) -> bool:
    cursor = db.execute(
        "UPDATE sessions SET staff_since = NULL WHERE id = ? AND staff_since IS NOT NULL",
        (session,),
    )
    return cursor.rowcount > 0


def add_pairing_code(
    db: sqlite3.Connection, code: str, expires_at: float, forget_before: float
) -> None:
    db.execute("DELETE FROM pairing_codes WHERE expires_at < ?", (forget_before,))
    db.execute("INSERT INTO pairing_codes (code, expires_at) VALUES (?, ?)", (code, expires_at))


def use_pairing_code(db: sqlite3.Connection, code: str, now: float) -> PairingUse:
    row = db.execute(
        "SELECT expires_at, used_at FROM pairing_codes WHERE code = ?", (code,)
    ).fetchone()
    if row is None:
        return PairingUse.UNKNOWN
    if row[1] is not None:
        return PairingUse.USED
    if now >= row[0]:
        return PairingUse.EXPIRED
    db.execute("UPDATE pairing_codes SET used_at = ? WHERE code = ?", (now, code))
    return PairingUse.PAIRED


def put_feedback(db: sqlite3.Connection, message: MessageRecord, thumb: str) -> None:
    db.execute(
        "INSERT INTO feedback (message, thread, session, thumb, text, at) "
        "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (message) DO UPDATE SET "
        "thumb = excluded.thumb, at = excluded.at",
        (
            message["id"],
            message["thread"],
            message["session"],
            thumb,
            message["text"],
            time.time(),
        ),
    )
