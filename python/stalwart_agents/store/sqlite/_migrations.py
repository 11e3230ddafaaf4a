"""The SQLite schema, one migration at a time; a migration's index is its version."""

from __future__ import annotations

import sqlite3
from typing import Final

from stalwart_agents.store._migration import DOOR_TABLES, Migration, pending

__all__ = ["SQLITE_MIGRATIONS", "migrate"]

SQLITE_MIGRATIONS: Final[tuple[Migration, ...]] = (
    Migration(
        statements=(
            """CREATE TABLE instance (
                id INTEGER PRIMARY KEY CHECK (id = 1),
                secret TEXT NOT NULL,
                created_at REAL NOT NULL
            )""",
            """CREATE TABLE threads (
                id TEXT PRIMARY KEY,
                last_seq INTEGER NOT NULL DEFAULT 0,
                current_run TEXT,
                created_at REAL NOT NULL
            )""",
            """CREATE TABLE runs (
                id TEXT PRIMARY KEY,
                thread TEXT NOT NULL REFERENCES threads (id),
                agent TEXT NOT NULL,
                state TEXT NOT NULL,
                saga TEXT,
                version INTEGER NOT NULL DEFAULT 0,
                lease TEXT,
                lease_until REAL,
                turn TEXT NOT NULL,
                reply TEXT,
                created_at REAL NOT NULL,
                updated_at REAL NOT NULL
            )""",
            "CREATE INDEX runs_by_thread ON runs (thread, created_at)",
            "CREATE INDEX runs_by_lease ON runs (lease_until) WHERE lease IS NOT NULL",
            """CREATE TABLE journal (
                run TEXT NOT NULL REFERENCES runs (id),
                step INTEGER NOT NULL,
                tool TEXT NOT NULL,
                status TEXT NOT NULL,
                attempt INTEGER NOT NULL DEFAULT 0,
                entry TEXT NOT NULL,
                updated_at REAL NOT NULL,
                PRIMARY KEY (run, step)
            ) WITHOUT ROWID""",
            """CREATE TABLE pauses (
                id TEXT PRIMARY KEY,
                thread TEXT NOT NULL REFERENCES threads (id),
                run TEXT NOT NULL REFERENCES runs (id),
                step INTEGER NOT NULL,
                kind TEXT NOT NULL,
                state TEXT NOT NULL,
                token TEXT NOT NULL,
                sends TEXT,
                choices TEXT NOT NULL,
                interrupt TEXT NOT NULL,
                decision TEXT,
                value TEXT,
                answered_by TEXT,
                created_at REAL NOT NULL,
                answered_at REAL
            )""",
            "CREATE INDEX pauses_by_thread ON pauses (thread, created_at)",
            "CREATE INDEX pauses_by_run ON pauses (run)",
            """CREATE TABLE claims (
                pause TEXT PRIMARY KEY REFERENCES pauses (id),
                decision TEXT NOT NULL,
                claimed_by TEXT,
                claimed_at REAL NOT NULL
            ) WITHOUT ROWID""",
            """CREATE TABLE events (
                thread TEXT NOT NULL REFERENCES threads (id),
                seq INTEGER NOT NULL,
                run TEXT,
                type TEXT NOT NULL,
                at REAL NOT NULL,
                data TEXT NOT NULL,
                PRIMARY KEY (thread, seq)
            ) WITHOUT ROWID""",
            """CREATE TABLE sessions (
                id TEXT PRIMARY KEY,
                created_at REAL NOT NULL
            )""",
            """CREATE TABLE messages (
                id TEXT PRIMARY KEY,
                thread TEXT NOT NULL REFERENCES threads (id),
                run TEXT NOT NULL,
                session TEXT,
                text TEXT NOT NULL,
                created_at REAL NOT NULL
            )""",
            """CREATE TABLE feedback (
                message TEXT PRIMARY KEY REFERENCES messages (id),
                thread TEXT NOT NULL,
                session TEXT NOT NULL,
                thumb TEXT NOT NULL,
                text TEXT NOT NULL,
                at REAL NOT NULL
            )""",
            """CREATE TABLE webhook_deliveries (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                thread TEXT NOT NULL,
                pause TEXT NOT NULL,
                url TEXT,
                error TEXT,
                at REAL NOT NULL
            )""",
            "CREATE INDEX webhook_deliveries_by_pause ON webhook_deliveries (pause)",
            """CREATE TABLE settings (
                key TEXT PRIMARY KEY,
                value TEXT NOT NULL
            )""",
        ),
        seed="INSERT INTO instance (id, secret, created_at) VALUES (1, :secret, :now)",
    ),
    # Answers claimed for another system's pauses (the LangGraph door's), first writer wins.
    Migration(
        statements=(
            """CREATE TABLE external_claims (
                scope TEXT NOT NULL,
                key TEXT NOT NULL,
                token TEXT NOT NULL,
                decision TEXT NOT NULL,
                value TEXT,
                claimed_by TEXT,
                claimed_at REAL NOT NULL,
                PRIMARY KEY (scope, key)
            )""",
        ),
    ),
    # No query reads runs by thread: the thread's row names its current run.
    Migration(statements=("DROP INDEX runs_by_thread",)),
    # The webhook outbox: each new pause's delivery, written with the pause, retried until sent.
    Migration(
        statements=(
            """CREATE TABLE outbox (
                pause TEXT PRIMARY KEY,
                thread TEXT NOT NULL,
                state TEXT NOT NULL,
                attempts INTEGER NOT NULL DEFAULT 0,
                due_at REAL NOT NULL,
                claimed_by TEXT,
                last_error TEXT,
                created_at REAL NOT NULL,
                finished_at REAL
            )""",
            "CREATE INDEX outbox_due ON outbox (due_at) WHERE state = 'pending'",
        ),
    ),
    # A pause keeps when it expires (its interrupt's expires_at), indexed for every worker's
    # sweep; the trigger fires only for a pause that expires, as on PostgreSQL.
    Migration(
        statements=(
            "ALTER TABLE pauses ADD COLUMN expires_at REAL",
            """CREATE TRIGGER pauses_expiry AFTER INSERT ON pauses
            WHEN json_extract(NEW.interrupt, '$.expires_at') IS NOT NULL
            BEGIN
                UPDATE pauses SET expires_at =
                    (julianday(json_extract(NEW.interrupt, '$.expires_at')) - 2440587.5) * 86400.0
                WHERE id = NEW.id;
            END""",
            "CREATE INDEX pauses_due ON pauses (expires_at) "
            "WHERE state = 'open' AND expires_at IS NOT NULL",
        ),
    ),
    # A session the owner paired is staff, from staff_since until it is revoked (set back to NULL).
    Migration(
        statements=(
            "ALTER TABLE sessions ADD COLUMN staff_since REAL",
            "ALTER TABLE sessions ADD COLUMN paired_by TEXT",
        ),
    ),
    # A door's pauses (the LangGraph door's, kept by its checkpointer), tracked so that any
    # worker delivers them through the outbox and expires them; and each door turn in flight,
    # so a worker that died mid-turn leaves its thread for another's sweep to look at.
    Migration(statements=DOOR_TABLES),
    # The phone's one-time pairing codes, by hash: each pairs once, until it expires.
    Migration(
        statements=(
            """CREATE TABLE pairing_codes (
                code TEXT PRIMARY KEY,
                expires_at REAL NOT NULL,
                used_at REAL
            )""",
        ),
    ),
    # A stop (a correction, a rollback) is kept with the run as it takes the lease, so a worker
    # that takes the run over carries it on when the one stopping it died (JSON: why, text).
    Migration(statements=("ALTER TABLE runs ADD COLUMN stop TEXT",)),
    # The index of the files tools saved; their bytes are in the agent's folder on this computer.
    Migration(
        statements=(
            """CREATE TABLE files (
                id TEXT PRIMARY KEY,
                agent TEXT NOT NULL,
                name TEXT NOT NULL,
                type TEXT NOT NULL,
                size INTEGER NOT NULL,
                saved_at REAL NOT NULL,
                thread TEXT,
                run TEXT,
                step INTEGER,
                folder TEXT NOT NULL,
                stored TEXT NOT NULL
            )""",
            "CREATE INDEX files_newest ON files (agent, saved_at DESC, id DESC)",
        ),
    ),
    # Events go at the end of their table, in the order they are written, and a small index
    # finds them by thread. Kept in (thread, seq) order, a turn's events landed on a random,
    # often full page and split it. A reply is its reply event, which keeps the session it was
    # shown to, so no messages row is written beside it. Together some 38 pages a pause ->
    # answer cycle gave the WAL to write and the durable commit to flush are 30.
    Migration(
        statements=(
            """CREATE TABLE events_in_order (
                id INTEGER PRIMARY KEY,
                thread TEXT NOT NULL REFERENCES threads (id),
                seq INTEGER NOT NULL,
                run TEXT,
                type TEXT NOT NULL,
                at REAL NOT NULL,
                data TEXT NOT NULL,
                session TEXT
            )""",
            "INSERT INTO events_in_order (thread, seq, run, type, at, data, session) "
            "SELECT e.thread, e.seq, e.run, e.type, e.at, e.data, m.session FROM events e "
            "LEFT JOIN messages m ON e.type = 'reply' "
            "AND m.id = json_extract(e.data, '$.message') AND m.thread = e.thread "
            "ORDER BY e.at, e.thread, e.seq",
            "DROP TABLE events",
            "ALTER TABLE events_in_order RENAME TO events",
            "CREATE UNIQUE INDEX events_by_thread ON events (thread, seq)",
            """CREATE TABLE feedback_on_replies (
                message TEXT PRIMARY KEY,
                thread TEXT NOT NULL,
                session TEXT NOT NULL,
                thumb TEXT NOT NULL,
                text TEXT NOT NULL,
                at REAL NOT NULL
            )""",
            "INSERT INTO feedback_on_replies SELECT message, thread, session, thumb, text, at "
            "FROM feedback",
            "DROP TABLE feedback",
            "ALTER TABLE feedback_on_replies RENAME TO feedback",
            "DROP TABLE messages",
        ),
    ),
    # When a session was last handed out or used: one nobody used for SESSION_AGE is forgotten.
    Migration(
        statements=(
            "ALTER TABLE sessions ADD COLUMN last_seen REAL",
            "UPDATE sessions SET last_seen = created_at",
            "CREATE INDEX sessions_by_last_seen ON sessions (last_seen)",
        ),
    ),
    # Every answer keeps the channel it came through and whether staff gave it, written with
    # its claim; a door's claim keeps its thread, kind and step too, for the thread's list.
    # Answers from before have no channel on record: the sweep's stay `expiry`, the rest read
    # `api`, and their `by` (then the raw session) is dropped so no list shows it.
    Migration(
        statements=(
            "ALTER TABLE pauses ADD COLUMN channel TEXT",
            "ALTER TABLE pauses ADD COLUMN staff INTEGER NOT NULL DEFAULT 0",
            "UPDATE pauses SET "
            "channel = CASE WHEN answered_by = 'expiry' THEN 'expiry' ELSE 'api' END, "
            "answered_by = CASE WHEN answered_by = 'expiry' THEN 'expiry' END "
            "WHERE state = 'answered'",
            "CREATE INDEX pauses_answered ON pauses (thread, answered_at) WHERE state = 'answered'",
            "ALTER TABLE external_claims ADD COLUMN thread TEXT",
            "ALTER TABLE external_claims ADD COLUMN kind TEXT",
            "ALTER TABLE external_claims ADD COLUMN step INTEGER",
            "ALTER TABLE external_claims ADD COLUMN channel TEXT",
            "ALTER TABLE external_claims ADD COLUMN staff INTEGER NOT NULL DEFAULT 0",
            "CREATE INDEX external_claims_by_thread ON external_claims (thread, claimed_at) "
            "WHERE thread IS NOT NULL",
        ),
    ),
)


def migrate(db: sqlite3.Connection) -> None:
    """Run, in the caller's write transaction, every migration the file has not had yet."""
    db.execute(
        "CREATE TABLE IF NOT EXISTS stalwart_migrations "
        "(version INTEGER PRIMARY KEY, applied_at REAL NOT NULL)"
    )
    done = {row[0] for row in db.execute("SELECT version FROM stalwart_migrations")}
    record = "INSERT INTO stalwart_migrations (version, applied_at) VALUES (?, ?)"
    for statement, parameters in pending(SQLITE_MIGRATIONS, done, record):
        db.execute(statement, parameters or ())
