"""What the SQLite store writes: each function is the body of one write transaction, run in
it by SqliteThreads; the claim's rules here are the ones `stalwart_claim` keeps on PostgreSQL.
"""

from __future__ import annotations

import hmac
import sqlite3
import time
from collections.abc import Sequence
from typing import Any

from stalwart_agents._generated.enums import EventType
from stalwart_agents.errors import LeaseLost, RunConflict
from stalwart_agents.store._base import ACTIVE_STATES
from stalwart_agents.store._claims import EXTERNAL_CLAIM_SQLITE, PAUSE_CLAIM_SQLITE
from stalwart_agents.store._records import (
    ApplyResult,
    Changes,
    ClaimResult,
    DoorDecision,
    MessageRecord,
    PauseState,
    RunRecord,
    RunSnapshot,
    StaleReason,
    StepStatus,
    Stop,
)
from stalwart_agents.store._rows import (
    ENTRY_FIELDS,
    answer_event,
    door_decision,
    dumps,
    pause_record,
)
from stalwart_agents.store.sqlite._outbox import queue_deliveries
from stalwart_agents.store.sqlite._reads import snapshot

__all__ = [
    "acquire",
    "acquire_to_stop",
    "apply",
    "claim",
    "claim_external",
    "renew",
    "set_setting",
]

# A lease may be taken when nobody holds it, its holder's expired, or the caller holds it.
_FREE = "lease IS NULL OR lease_until < :now OR lease = :lease"


def acquire(
    db: sqlite3.Connection, run: str, lease: str, lease_seconds: float
) -> RunSnapshot | None:
    """RunStore.acquire: the lease, when nobody holds it or its holder's expired."""
    return _lease(db, run, lease, lease_seconds, _FREE)


def take_over(
    db: sqlite3.Connection, run: str, lease: str, lease_seconds: float
) -> RunSnapshot | None:
    """RunStore.take_over: the lease, only when its holder's expired."""
    return _lease(db, run, lease, lease_seconds, "lease IS NOT NULL AND lease_until < :now")


def _lease(
    db: sqlite3.Connection,
    run: str,
    lease: str,
    lease_seconds: float,
    when: str,
    stop: Stop | None = None,
) -> RunSnapshot | None:
    """Take the run's lease when `when` holds (it may read :now and :lease); the run, or None.
    With `stop`, the stop is kept with the run as it is taken, unless the run undoes already."""
    now = time.time()
    taken = db.execute(
        "UPDATE runs SET lease = :lease, lease_until = :until, "
        "stop = CASE WHEN :stop IS NOT NULL AND saga IS NULL THEN :stop ELSE stop END "
        f"WHERE id = :run AND ({when})",
        {
            "lease": lease,
            "until": now + lease_seconds,
            "run": run,
            "now": now,
            "stop": None if stop is None else dumps(stop),
        },
    ).rowcount
    return snapshot(db, run) if taken else None


def acquire_to_stop(
    db: sqlite3.Connection, run: str, lease: str, lease_seconds: float, why: str, text: str | None
) -> RunSnapshot | None:
    """RunStore.acquire_to_stop: the open pauses of a run going forward claimed closed, then
    the lease, with the stop kept; write transactions on one file take turns, so a claim comes
    wholly before or after. A question about a write's outcome stays open: the stop asks it
    before undoing anything.
    """
    now = time.time()
    open_pauses = [
        row["id"]
        for row in db.execute(
            "SELECT p.id FROM pauses p JOIN runs r ON r.id = p.run "
            "WHERE p.run = ? AND p.state = 'open' AND r.saga IS NULL "
            "AND p.kind <> 'outcome_unknown'",
            (run,),
        )
    ]
    for pause in open_pauses:
        if db.execute(PAUSE_CLAIM_SQLITE, (pause, "closed", why, now)).fetchone() is not None:
            db.execute("UPDATE pauses SET state = 'closed' WHERE id = ?", (pause,))
    return _lease(
        db,
        run,
        lease,
        lease_seconds,
        _FREE,
        Stop(why=why, text=text),
    )


def renew(db: sqlite3.Connection, run: str, lease: str, lease_seconds: float) -> None:
    """RunStore.renew: a held lease, extended."""
    renewed = db.execute(
        "UPDATE runs SET lease_until = ? WHERE id = ? AND lease = ?",
        (time.time() + lease_seconds, run, lease),
    ).rowcount
    if not renewed:
        raise LeaseLost(run)


def apply(  # noqa: PLR0913 - RunStore.apply's inputs, one transaction
    db: sqlite3.Connection,
    run: str,
    lease: str,
    changes: Changes,
    lease_seconds: float,
    release: bool,
    expect_version: int | None,
    create: RunRecord | None,
    outbox: float | None,
) -> ApplyResult:
    """RunStore.apply: one advance, fenced by the lease, released only if nothing was answered."""
    now = time.time()
    reply = dumps(changes.reply) if changes.reply is not None else None
    numbered: int | None = None
    if create is not None:
        if create["lease"] != lease:
            raise LeaseLost(run)
        thread, version = create["thread"], create["version"]
        released = release and (expect_version is None or expect_version == version)
        numbered = _create(db, create, changes, reply, released, now + lease_seconds, now)
    else:
        # The lease check, the version's step and the release in one statement, as on PostgreSQL.
        # The lease comes back as it is, not as `lease IS NULL`, which SQLite 3.40 answered as
        # false after this release on a WITHOUT ROWID table (its WHERE says the lease is set).
        row = db.execute(
            "UPDATE runs SET version = version + 1, state = COALESCE(:state, state), "
            "saga = COALESCE(:saga, saga), reply = COALESCE(:reply, reply), "
            "lease = CASE WHEN :release AND (:expect IS NULL OR version = :expect) "
            "THEN NULL ELSE lease END, "
            "lease_until = CASE WHEN :release AND (:expect IS NULL OR version = :expect) "
            "THEN NULL ELSE :until END, updated_at = :now "
            "WHERE id = :run AND lease = :lease RETURNING thread, version - 1, lease",
            {
                "state": changes.run_state,
                "saga": changes.saga,
                "reply": reply,
                "release": release,
                "expect": expect_version,
                "until": now + lease_seconds,
                "now": now,
                "run": run,
                "lease": lease,
            },
        ).fetchone()
        if row is None:
            raise LeaseLost(run)
        thread, version, released = row[0], row[1], row[2] is None
    _write_changes(db, run, changes, now)
    if outbox is not None:
        queue_deliveries(db, changes, now + outbox)
    _append_events(db, thread, run, changes.events, changes.messages, numbered)
    current = expect_version is None or expect_version == version
    return ApplyResult(version + 1, released, current)


def claim(  # noqa: PLR0913 - RunStore.claim's inputs, one transaction
    db: sqlite3.Connection,
    thread: str,
    pause: str,
    token: str,
    decision: str,
    value: Any,
    by: str | None,
    lease: str,
    lease_seconds: float,
    channel: str,
    staff: bool,
) -> ClaimResult:
    """RunStore.claim: the checks in the order `stalwart_claim` makes them, then the answer."""
    now = time.time()
    # The run's pauses, read once: the claim checks one, the snapshot it hands back lists all.
    rows = {
        row["id"]: dict(row)
        for row in db.execute(
            "SELECT * FROM pauses WHERE run = (SELECT run FROM pauses WHERE id = ?) "
            "ORDER BY created_at, step, id",
            (pause,),
        )
    }
    row = rows.get(pause)
    if row is None or row["thread"] != thread:
        return ClaimResult("stale", StaleReason.NO_SUCH_PAUSE)
    found = pause_record(row)
    if found["state"] != PauseState.OPEN:
        return ClaimResult("stale", StaleReason.settled(found["state"]), found["kind"])
    if decision not in found["choices"]:
        return ClaimResult("bad_decision", "", found["kind"], found["choices"])
    if not hmac.compare_digest(found["token"].encode(), token.encode()):
        return ClaimResult("stale", StaleReason.WRONG_TOKEN, found["kind"])
    claimed = db.execute(PAUSE_CLAIM_SQLITE, (pause, decision, by, now)).fetchone()
    if claimed is None:
        return ClaimResult("stale", StaleReason.CLAIMED_FIRST, found["kind"])
    answered: dict[str, Any] = {"state": "answered", "decision": decision, "value": dumps(value)}
    answered |= {"answered_by": by, "answered_at": now, "channel": channel, "staff": staff}
    db.execute(
        "UPDATE pauses SET state = :state, decision = :decision, value = :value, "
        "answered_by = :answered_by, answered_at = :answered_at, channel = :channel, "
        "staff = :staff WHERE id = :id",
        {**answered, "id": pause},
    )
    row.update(answered)
    # The version steps, and the lease is taken only if none holds it; the row comes back whole,
    # for the snapshot.
    run = db.execute(
        "UPDATE runs SET version = version + 1, "
        "lease = CASE WHEN lease IS NULL OR lease_until < :now THEN :lease ELSE lease END, "
        "lease_until = CASE WHEN lease IS NULL OR lease_until < :now THEN :until "
        "ELSE lease_until END, updated_at = :now WHERE id = :run RETURNING *",
        {"now": now, "lease": lease, "until": now + lease_seconds, "run": found["run"]},
    ).fetchone()
    leased = run["lease"] == lease
    sent_step = None
    if leased and decision == found["sends"]:
        db.execute(
            "UPDATE journal SET status = ?, updated_at = ? WHERE run = ? AND step = ?",
            (StepStatus.SENT, now, found["run"], found["step"]),
        )
        sent_step = found["step"]
    answer = answer_event(found, decision, value, by, channel, staff)
    _append_events(db, thread, found["run"], [("answer", answer)])
    pauses = [pause_record(each) for each in rows.values()]
    taken = snapshot(db, found["run"], run, pauses) if leased else None
    return ClaimResult("ok", "", found["kind"], found["choices"], leased, sent_step, taken)


def claim_external(
    db: sqlite3.Connection,
    scope: str,
    key: str,
    token: str,
    decision: str,
    by: str | None,
    value: Any,
    decided: DoorDecision | None,
) -> bool:
    """RunStore.claim_external: True for the first claim of (scope, key) only."""
    row = db.execute(
        EXTERNAL_CLAIM_SQLITE,
        (scope, key, token, decision, dumps(value), by, *door_decision(decided), time.time()),
    ).fetchone()
    return row is not None


def set_setting(db: sqlite3.Connection, key: str, value: Any) -> None:
    db.execute(
        "INSERT INTO settings (key, value) VALUES (?, ?) "
        "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        (key, dumps(value)),
    )


def _create(
    db: sqlite3.Connection,
    run: RunRecord,
    changes: Changes,
    reply: str | None,
    released: bool,
    until: float,
    now: float,
) -> int:
    """Store a new run as its first advance leaves it, and its thread, unless the thread has a
    run going forward; the thread's last event number, its advance's events counted in, so the
    thread row is written once, as `stalwart_apply` does on PostgreSQL."""
    events = len(changes.events)
    numbered = db.execute(
        "INSERT INTO threads (id, current_run, created_at, last_seq) VALUES (?, ?, ?, ?) "
        "ON CONFLICT (id) DO NOTHING RETURNING last_seq",
        (run["thread"], run["id"], now, events),
    ).fetchone()
    if numbered is None:
        active = db.execute(
            "SELECT r.id FROM threads t JOIN runs r ON r.id = t.current_run "
            f"WHERE t.id = ? AND r.state IN ({', '.join('?' * len(ACTIVE_STATES))}) "
            "AND r.saga IS NULL",
            (run["thread"], *ACTIVE_STATES),
        ).fetchone()
        if active is not None:
            raise RunConflict(run["thread"], active["id"])
        numbered = db.execute(
            "UPDATE threads SET current_run = ?, last_seq = last_seq + ? WHERE id = ? "
            "RETURNING last_seq",
            (run["id"], events, run["thread"]),
        ).fetchone()
    db.execute(
        "INSERT INTO runs (id, thread, agent, state, saga, version, lease, lease_until, "
        "turn, reply, created_at, updated_at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            run["id"],
            run["thread"],
            run["agent"],
            run["state"] if changes.run_state is None else changes.run_state,
            changes.saga,
            run["version"] + 1,
            None if released else run["lease"],
            None if released else until,
            dumps(run["turn"]),
            reply,
            now,
            now,
        ),
    )
    last: int = numbered[0]
    return last


def _append_events(
    db: sqlite3.Connection,
    thread: str,
    run: str | None,
    events: list[tuple[str, Any]],
    said: Sequence[MessageRecord] = (),
    numbered: int | None = None,
) -> None:
    """The events, numbered after the thread's last; a reply's keeps the session it was shown to
    (the one in `said` under its message id), so it is the reply a thumb is given to. With
    `numbered`, the thread's last number already counts them (its run was just created)."""
    if not events:
        return
    last = numbered
    if last is None:
        last = db.execute(
            "UPDATE threads SET last_seq = last_seq + ? WHERE id = ? RETURNING last_seq",
            (len(events), thread),
        ).fetchone()[0]
    now = time.time()
    first = last - len(events) + 1
    sessions = {message["id"]: message["session"] for message in said}
    rows = [
        (
            thread,
            first + index,
            run,
            kind,
            now,
            dumps(data),
            sessions.get(data.get("message")) if kind == EventType.REPLY else None,
        )
        for index, (kind, data) in enumerate(events)
    ]
    if any(row[-1] is not None for row in rows):
        db.executemany(
            "INSERT INTO events (thread, seq, run, type, at, data, session) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            rows,
        )
    else:
        # No reply shown to a session: the columns every version of the table has.
        db.executemany(
            "INSERT INTO events (thread, seq, run, type, at, data) VALUES (?, ?, ?, ?, ?, ?)",
            [row[:-1] for row in rows],
        )


def _write_changes(db: sqlite3.Connection, run: str, changes: Changes, now: float) -> None:
    """The rows of one advance; lists that are empty cost no statement."""
    if changes.journal:
        db.executemany(
            "INSERT INTO journal (run, step, tool, status, attempt, entry, updated_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (run, step) DO UPDATE SET "
            "tool = excluded.tool, status = excluded.status, attempt = excluded.attempt, "
            "entry = excluded.entry, updated_at = excluded.updated_at",
            [
                (
                    run,
                    entry["step"],
                    entry["tool"],
                    entry["status"],
                    entry["attempt"],
                    dumps({key: entry[key] for key in ENTRY_FIELDS}),
                    now,
                )
                for entry in changes.journal
            ],
        )
    if changes.pauses:
        db.executemany(
            "INSERT INTO pauses (id, thread, run, step, kind, state, token, sends, choices, "
            "interrupt, created_at) VALUES (?, ?, ?, ?, ?, 'open', ?, ?, ?, ?, ?) "
            "ON CONFLICT (id) DO NOTHING",
            [
                (
                    pause["id"],
                    pause["thread"],
                    pause["run"],
                    pause["step"],
                    pause["kind"],
                    pause["token"],
                    pause["sends"],
                    dumps(pause["choices"]),
                    dumps(pause["interrupt"]),
                    now,
                )
                for pause in changes.pauses
            ],
        )
    if changes.close:
        db.executemany(
            "UPDATE pauses SET state = 'closed' WHERE id = ? AND state = 'open'",
            [(pause,) for pause in changes.close],
        )
