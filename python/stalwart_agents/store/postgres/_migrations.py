"""The PostgreSQL schema, one migration at a time; a migration's index is its version.

A migration that installs a function as it runs today refers to store/postgres/_functions.py;
one that installed a function a later migration replaced or dropped refers to its text as it
was, in store/postgres/_history/, kept because a migration already run never changes.
"""

from __future__ import annotations

from typing import Any, Final

from stalwart_agents.store._migration import DOOR_TABLES, Migration, pending
from stalwart_agents.store.postgres._functions import (
    ACQUIRE,
    ACQUIRE_TO_STOP,
    APPLY,
    CLAIM,
    NOW,
    PAUSE_EXPIRY,
    RENEW,
    SNAPSHOT,
)
from stalwart_agents.store.postgres._history import (
    ACQUIRE_TO_STOP_6,
    APPLY_0,
    APPLY_2,
    APPLY_5,
    APPLY_10,
    CLAIM_0,
    CLAIM_2,
    CLAIM_4,
    CLAIM_10,
    CREATE_0,
    EVENTS_0,
)

__all__ = ["POSTGRES_MIGRATIONS", "migrate"]

_TABLES: Final = (
    """CREATE TABLE instance (
        id integer PRIMARY KEY CHECK (id = 1),
        secret text NOT NULL,
        created_at double precision NOT NULL
    )""",
    """CREATE TABLE threads (
        id text PRIMARY KEY,
        last_seq bigint NOT NULL DEFAULT 0,
        current_run text,
        created_at double precision NOT NULL
    )""",
    """CREATE TABLE runs (
        id text PRIMARY KEY,
        thread text NOT NULL REFERENCES threads (id),
        agent text NOT NULL,
        state text NOT NULL,
        saga text,
        version bigint NOT NULL DEFAULT 0,
        lease text,
        lease_until double precision,
        turn jsonb NOT NULL,
        reply jsonb,
        created_at double precision NOT NULL,
        updated_at double precision NOT NULL
    )""",
    "CREATE INDEX runs_by_thread ON runs (thread, created_at)",
    "CREATE INDEX runs_by_lease ON runs (lease_until) WHERE lease IS NOT NULL",
    """CREATE TABLE journal (
        run text NOT NULL REFERENCES runs (id),
        step integer NOT NULL,
        tool text NOT NULL,
        status text NOT NULL,
        attempt integer NOT NULL DEFAULT 0,
        entry jsonb NOT NULL,
        updated_at double precision NOT NULL,
        PRIMARY KEY (run, step)
    )""",
    """CREATE TABLE pauses (
        id text PRIMARY KEY,
        thread text NOT NULL REFERENCES threads (id),
        run text NOT NULL REFERENCES runs (id),
        step integer NOT NULL,
        kind text NOT NULL,
        state text NOT NULL,
        token text NOT NULL,
        sends text,
        choices jsonb NOT NULL,
        interrupt jsonb NOT NULL,
        decision text,
        value jsonb,
        answered_by text,
        created_at double precision NOT NULL,
        answered_at double precision
    )""",
    "CREATE INDEX pauses_by_thread ON pauses (thread, created_at)",
    "CREATE INDEX pauses_by_run ON pauses (run)",
    """CREATE TABLE claims (
        pause text PRIMARY KEY REFERENCES pauses (id),
        decision text NOT NULL,
        claimed_by text,
        claimed_at double precision NOT NULL
    )""",
    """CREATE TABLE events (
        thread text NOT NULL REFERENCES threads (id),
        seq bigint NOT NULL,
        run text,
        type text NOT NULL,
        at double precision NOT NULL,
        data jsonb NOT NULL,
        PRIMARY KEY (thread, seq)
    )""",
    """CREATE TABLE sessions (
        id text PRIMARY KEY,
        created_at double precision NOT NULL
    )""",
    """CREATE TABLE messages (
        id text PRIMARY KEY,
        thread text NOT NULL REFERENCES threads (id),
        run text NOT NULL,
        session text,
        text text NOT NULL,
        created_at double precision NOT NULL
    )""",
    """CREATE TABLE feedback (
        message text PRIMARY KEY REFERENCES messages (id),
        thread text NOT NULL,
        session text NOT NULL,
        thumb text NOT NULL,
        text text NOT NULL,
        at double precision NOT NULL
    )""",
    """CREATE TABLE webhook_deliveries (
        id bigserial PRIMARY KEY,
        thread text NOT NULL,
        pause text NOT NULL,
        url text,
        error text,
        at double precision NOT NULL
    )""",
    "CREATE INDEX webhook_deliveries_by_pause ON webhook_deliveries (pause)",
    """CREATE TABLE settings (
        key text PRIMARY KEY,
        value jsonb NOT NULL
    )""",
)

_FUNCTIONS: Final = (
    NOW,
    SNAPSHOT,
    EVENTS_0,
    CREATE_0,
    ACQUIRE,
    RENEW,
    APPLY_0,
    CLAIM_0,
)

# Migration 2: the same run transactions in fewer statements. A new thread is created with its
# run and its first event numbers in one statement; an apply locks and advances the run in one
# UPDATE; a claim records the claim and answers the pause in one. Measured in bench/resume.py.
_LEANER: Final = (
    APPLY_2,
    CLAIM_2,
    "DROP FUNCTION stalwart_create(jsonb, double precision)",
    "DROP FUNCTION stalwart_events(text, text, jsonb)",
    # No query reads runs by thread: the thread's row names its current run.
    "DROP INDEX runs_by_thread",
)

# The run transactions are the only writers of these rows, and each writes them while it holds
# their thread's and run's rows (nothing deletes a thread, a run or a pause), so they already
# ensure what the foreign keys checked; the checks cost a trigger per row, about a twentieth of a
# pause -> resume cycle.
_UNCHECKED: Final = tuple(
    f"ALTER TABLE {table} DROP CONSTRAINT {table}_{column}_fkey"
    for table, column in (
        ("events", "thread"),
        ("journal", "run"),
        ("pauses", "thread"),
        ("pauses", "run"),
        ("messages", "thread"),
        ("claims", "pause"),
    )
)

POSTGRES_MIGRATIONS: Final[tuple[Migration, ...]] = (
    Migration(
        statements=_TABLES + _FUNCTIONS,
        seed="INSERT INTO instance (id, secret, created_at) VALUES (1, %(secret)s, %(now)s)",
    ),
    # Answers claimed for another system's pauses (the LangGraph door's), first writer wins.
    Migration(
        statements=(
            """CREATE TABLE external_claims (
                scope text NOT NULL,
                key text NOT NULL,
                token text NOT NULL,
                decision text NOT NULL,
                value jsonb,
                claimed_by text,
                claimed_at double precision NOT NULL,
                PRIMARY KEY (scope, key)
            )""",
        ),
    ),
    Migration(statements=_LEANER),
    Migration(statements=_UNCHECKED),
    # The claim names a settled pause's stale reason as StaleReason does, in words of its own
    # rather than built from the pause's state.
    Migration(statements=(CLAIM_4,)),
    # The webhook outbox: each new pause's delivery, written with the pause by stalwart_apply,
    # retried until sent; the sweeper claims due rows with SKIP LOCKED.
    Migration(
        statements=(
            """CREATE TABLE outbox (
                pause text PRIMARY KEY,
                thread text NOT NULL,
                state text NOT NULL,
                attempts integer NOT NULL DEFAULT 0,
                due_at double precision NOT NULL,
                claimed_by text,
                last_error text,
                created_at double precision NOT NULL,
                finished_at double precision
            )""",
            "CREATE INDEX outbox_due ON outbox (due_at) WHERE state = 'pending'",
            APPLY_5,
        ),
    ),
    # A correction or a rollback claims the run's open pauses closed as it takes the lease, so
    # an answer racing it either holds the run until its call has run, or is stale.
    Migration(statements=(ACQUIRE_TO_STOP_6,)),
    # A pause keeps when it expires (its interrupt's expires_at), indexed for every worker's
    # sweep; the trigger fires only for a pause that expires.
    Migration(
        statements=(
            "ALTER TABLE pauses ADD COLUMN expires_at double precision",
            PAUSE_EXPIRY,
            "CREATE TRIGGER pauses_expiry BEFORE INSERT ON pauses FOR EACH ROW "
            "WHEN (NEW.interrupt ? 'expires_at') EXECUTE FUNCTION stalwart_pause_expiry()",
            "CREATE INDEX pauses_due ON pauses (expires_at) "
            "WHERE state = 'open' AND expires_at IS NOT NULL",
        ),
    ),
    # A session the owner paired is staff, from staff_since until it is revoked (set back to NULL).
    Migration(
        statements=(
            "ALTER TABLE sessions ADD COLUMN staff_since double precision",
            "ALTER TABLE sessions ADD COLUMN paired_by text",
        ),
    ),
    # A door's pauses (the LangGraph door's, kept by its checkpointer), tracked so that any
    # worker delivers them through the outbox and expires them; and each door turn in flight,
    # so a worker that died mid-turn leaves its thread for another's sweep to look at.
    Migration(statements=DOOR_TABLES),
    # A durable commit no longer notifies: NOTIFY's lock on the database, held across the
    # flush, kept concurrent claims from sharing one. The store notifies after it instead.
    Migration(statements=(APPLY_10, CLAIM_10)),
    # The phone's one-time pairing codes, by hash: each pairs once, until it expires.
    Migration(
        statements=(
            """CREATE TABLE pairing_codes (
                code text PRIMARY KEY,
                expires_at double precision NOT NULL,
                used_at double precision
            )""",
        ),
    ),
    # A stop (a correction, a rollback) is kept with the run as it takes the lease, so a worker
    # that takes the run over carries it on when the one stopping it died.
    Migration(
        statements=(
            "ALTER TABLE runs ADD COLUMN stop jsonb",
            "DROP FUNCTION stalwart_acquire_to_stop(text, text, double precision, text)",
            ACQUIRE_TO_STOP,
        ),
    ),
    # The index of the files tools saved; their bytes are in the agent's folder on this computer.
    Migration(
        statements=(
            """CREATE TABLE files (
                id text PRIMARY KEY,
                agent text NOT NULL,
                name text NOT NULL,
                type text NOT NULL,
                size bigint NOT NULL,
                saved_at double precision NOT NULL,
                thread text,
                run text,
                step integer,
                folder text NOT NULL,
                stored text NOT NULL
            )""",
            "CREATE INDEX files_newest ON files (agent, saved_at DESC, id DESC)",
        ),
    ),
    # A reply is its reply event, which keeps the session it was shown to: stalwart_apply writes
    # no messages row beside it, one row and one index entry fewer for each reply.
    Migration(
        statements=(
            "ALTER TABLE events ADD COLUMN session text",
            "UPDATE events e SET session = m.session FROM messages m "
            "WHERE e.type = 'reply' AND m.id = e.data->>'message' AND m.thread = e.thread",
            "ALTER TABLE feedback DROP CONSTRAINT feedback_message_fkey",
            "DROP TABLE messages",
            APPLY,
        ),
    ),
    # When a session was last handed out or used: one nobody used for SESSION_AGE is forgotten.
    Migration(
        statements=(
            "ALTER TABLE sessions ADD COLUMN last_seen double precision",
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
            "ALTER TABLE pauses ADD COLUMN channel text",
            "ALTER TABLE pauses ADD COLUMN staff boolean NOT NULL DEFAULT false",
            "UPDATE pauses SET "
            "channel = CASE WHEN answered_by = 'expiry' THEN 'expiry' ELSE 'api' END, "
            "answered_by = CASE WHEN answered_by = 'expiry' THEN 'expiry' END "
            "WHERE state = 'answered'",
            "CREATE INDEX pauses_answered ON pauses (thread, answered_at) WHERE state = 'answered'",
            "ALTER TABLE external_claims ADD COLUMN thread text",
            "ALTER TABLE external_claims ADD COLUMN kind text",
            "ALTER TABLE external_claims ADD COLUMN step integer",
            "ALTER TABLE external_claims ADD COLUMN channel text",
            "ALTER TABLE external_claims ADD COLUMN staff boolean NOT NULL DEFAULT false",
            "CREATE INDEX external_claims_by_thread ON external_claims (thread, claimed_at) "
            "WHERE thread IS NOT NULL",
            CLAIM,
        ),
    ),
)


async def migrate(conn: Any) -> None:
    """Run, in one transaction, every migration the database has not had yet."""
    async with conn.transaction():
        # Workers starting together migrate one at a time.
        await conn.execute("SELECT pg_advisory_xact_lock(7251046)")
        await conn.execute(
            "CREATE TABLE IF NOT EXISTS stalwart_migrations "
            "(version integer PRIMARY KEY, applied_at double precision NOT NULL)"
        )
        rows = await (await conn.execute("SELECT version FROM stalwart_migrations")).fetchall()
        done = {row["version"] for row in rows}
        record = "INSERT INTO stalwart_migrations (version, applied_at) VALUES (%s, %s)"
        for statement, parameters in pending(POSTGRES_MIGRATIONS, done, record):
            await conn.execute(statement, parameters)
