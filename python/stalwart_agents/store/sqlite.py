"""The embedded run store: one SQLite file in WAL mode, for the processes of one machine."""

from __future__ import annotations

import asyncio
import functools
import hmac
import json
import sqlite3
import threading
import time
from collections.abc import AsyncIterator, Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

from stalwart_agents.errors import LeaseLost, RunConflict, StoreError
from stalwart_agents.store.base import ACTIVE_STATES, RunStore
from stalwart_agents.store.claims import EXTERNAL_CLAIM_SQLITE, PAUSE_CLAIM_SQLITE
from stalwart_agents.store.migrations.sqlite import SQLITE_MIGRATIONS
from stalwart_agents.store.records import (
    ApplyResult,
    Changes,
    ClaimResult,
    EventRecord,
    MessageRecord,
    PauseRecord,
    PauseState,
    RunRecord,
    RunSnapshot,
    StepStatus,
)
from stalwart_agents.store.rows import (
    ENTRY_FIELDS,
    answer_event,
    dumps,
    event_record,
    fresh_secret,
    journal_entry,
    pause_record,
    run_record,
)

__all__ = ["SqliteRunStore"]

T = TypeVar("T")


class SqliteRunStore(RunStore):
    """Runs kept in one SQLite file in WAL mode; every call is one transaction.

    Durable commits (a claim, a write marked sent, a lease taken over) are flushed to disk
    (synchronous=FULL) before they return, on the store's own thread, so a tool never runs on
    an answer a power cut could forget. The other commits (a new pause, a recorded result) are
    synchronous=NORMAL: they survive the process being killed, and a power cut can only take
    them back to the last durable commit (a sent call becomes outcome_unknown, a new pause is
    gone), never make a call run twice. Readers never wait for the writer; other processes on
    the same machine may share the file.

    A transaction that need not flush takes tens of microseconds when nobody else holds the
    file, less than handing it to another thread, so it runs on the event loop's thread with no
    busy wait. When another writer holds the file, it goes to the store's thread, which waits
    there (up to `busy_timeout`) without blocking the loop. The loop's thread never flushes to
    disk: its connection never checkpoints; the store's thread does, every `checkpoint_every`
    commits. A durable commit is made on the store's thread but, when nothing else is queued
    there, through the loop's connection: SQLite drops a connection's page cache whenever
    another connection has committed, and alternating the two made every transaction read its
    pages again (some 70 reads a pause -> resume cycle instead of 7).
    """

    def __init__(
        self,
        path: str | Path,
        *,
        busy_timeout: float = 30.0,
        poll_seconds: float = 0.1,
        checkpoint_every: int = 100,
        flush: bool = True,
    ) -> None:
        self.path = Path(path)
        # False trusts the page cache for every commit: safe when the process is killed, not
        # when the machine loses power (sqlite:///runs.db?flush=off).
        self.flush = flush
        self.busy_timeout = busy_timeout
        self.poll_seconds = poll_seconds
        self.checkpoint_every = checkpoint_every
        self.round_trips = 0
        self._executor: ThreadPoolExecutor | None = None
        self._conn: sqlite3.Connection | None = None
        self._fast: sqlite3.Connection | None = None
        self._local = threading.local()
        self._waiting = 0
        self._commits = 0
        self._checkpoint: asyncio.Future[None] | None = None
        self._secret: bytes | None = None

    @classmethod
    def from_url(cls, url: str) -> SqliteRunStore:
        """A store for `sqlite:///path/to/runs.db`, optionally with `?flush=off`."""
        if not url.startswith("sqlite:///"):
            raise StoreError(f"{url!r} is not a sqlite:/// URL.")
        path, _, query = url.removeprefix("sqlite:///").partition("?")
        options = dict(part.partition("=")[::2] for part in query.split("&") if part)
        flush = options.pop("flush", "on")
        if options or flush not in ("on", "off"):
            raise StoreError(f"{url!r}: the only option is flush=on or flush=off.")
        return cls(path, flush=flush == "on")

    @property
    def is_open(self) -> bool:
        return self._executor is not None

    async def open(self) -> None:
        if self._executor is not None:
            return
        self._executor = ThreadPoolExecutor(1, thread_name_prefix="stalwart-sqlite")
        loop = asyncio.get_running_loop()
        try:
            self._secret = await loop.run_in_executor(self._executor, self._open)
            self._fast = self._connect(0.0)
            # The loop's connection never checkpoints: that is where SQLite flushes to disk.
            self._fast.execute("PRAGMA wal_autocheckpoint = 0")
        except BaseException:
            self._executor.shutdown(wait=False)
            self._executor = None
            raise

    async def close(self) -> None:
        if self._executor is None:
            return
        if self._checkpoint is not None:
            await self._checkpoint
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(self._executor, self._close)
        if self._fast is not None:
            self._fast.close()
            self._fast = None
        self._executor.shutdown(wait=True)
        self._executor = None
        self._secret = None

    @property
    def secret(self) -> bytes:
        if self._secret is None:
            raise StoreError("The run store is not open; use `async with` or await open() first.")
        return self._secret

    async def _durable(self, fn: Callable[..., T], *args: Any) -> T:
        """A transaction that must reach the disk before it returns: on the store's thread."""
        if not self.flush:
            return await self._call(fn, *args)
        if self._executor is None:
            raise StoreError("The run store is not open; use `async with` or await open() first.")
        self.round_trips += 1
        own = not self._waiting
        self._waiting += 1
        try:
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(
                self._executor, functools.partial(self._flushed, own, fn, *args)
            )
        finally:
            self._waiting -= 1

    def _flushed(self, own: bool, fn: Callable[..., T], *args: Any) -> T:
        """On the store's thread; through the loop's connection (`own`) unless another process
        holds the file, which only the store's connection waits for."""
        if own and self._fast is not None:
            fast = self._fast
            fast.execute("PRAGMA synchronous = FULL")
            self._local.conn = fast
            try:
                return fn(*args)
            except sqlite3.OperationalError as error:
                if error.sqlite_errorcode != sqlite3.SQLITE_BUSY:
                    raise
            finally:
                fast.execute("PRAGMA synchronous = NORMAL")
                self._local.conn = self._conn
        return fn(*args)

    async def _call(self, fn: Callable[..., T], *args: Any) -> T:
        """Run one transaction here when the file is free, else on the store's thread."""
        if self._executor is None or self._fast is None:
            raise StoreError("The run store is not open; use `async with` or await open() first.")
        self.round_trips += 1
        if not self._waiting:
            self._local.conn = self._fast
            try:
                result = fn(*args)
            except sqlite3.OperationalError as error:
                if error.sqlite_errorcode != sqlite3.SQLITE_BUSY:
                    raise
            else:
                if self._commits >= self.checkpoint_every:
                    self._start_checkpoint()
                return result
        self._waiting += 1
        try:
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(self._executor, functools.partial(fn, *args))
        finally:
            self._waiting -= 1

    def _connect(self, timeout: float) -> sqlite3.Connection:
        try:
            conn = sqlite3.connect(
                self.path, timeout=timeout, isolation_level=None, check_same_thread=False
            )
        except sqlite3.Error as error:
            raise StoreError(
                f"The SQLite file {str(self.path)!r} cannot be opened: {error}."
            ) from None
        conn.row_factory = sqlite3.Row
        conn.execute(f"PRAGMA busy_timeout = {int(timeout * 1000)}")
        conn.execute("PRAGMA synchronous = NORMAL")
        conn.execute("PRAGMA foreign_keys = ON")
        return conn

    def _open(self) -> bytes:
        """On the store's thread: connect, switch to WAL, migrate, read the secret."""
        if self.path.parent and not self.path.parent.exists():
            self.path.parent.mkdir(parents=True, exist_ok=True)
        conn = self._connect(self.busy_timeout)
        conn.execute("PRAGMA journal_mode = WAL")
        # What commits on this thread reaches the disk before the call returns.
        conn.execute(f"PRAGMA synchronous = {'FULL' if self.flush else 'NORMAL'}")
        self._conn = conn
        self._local.conn = conn
        with self._write() as db:
            self._migrate(db)
            row = db.execute("SELECT secret FROM instance WHERE id = 1").fetchone()
        return bytes.fromhex(row["secret"])

    def _migrate(self, db: sqlite3.Connection) -> None:
        db.execute(
            "CREATE TABLE IF NOT EXISTS stalwart_migrations "
            "(version INTEGER PRIMARY KEY, applied_at REAL NOT NULL)"
        )
        done = {row[0] for row in db.execute("SELECT version FROM stalwart_migrations")}
        for version, migration in enumerate(SQLITE_MIGRATIONS):
            if version in done:
                continue
            for statement in migration.statements:
                db.execute(statement)
            if migration.seed is not None:
                db.execute(migration.seed, {"secret": fresh_secret(), "now": time.time()})
            db.execute(
                "INSERT INTO stalwart_migrations (version, applied_at) VALUES (?, ?)",
                (version, time.time()),
            )

    def _close(self) -> None:
        if self._conn is not None:
            self._conn.execute("PRAGMA wal_checkpoint(PASSIVE)")
            self._conn.close()
            self._conn = None

    def _checkpoint_now(self) -> None:
        if self._conn is not None:
            self._conn.execute("PRAGMA wal_checkpoint(PASSIVE)")

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction, taken at once so two writers queue instead of deadlocking."""
        db = self._db()
        db.execute("BEGIN IMMEDIATE")
        try:
            yield db
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")
        if db is self._fast:
            self._commits += 1

    def _start_checkpoint(self) -> None:
        """Flush the WAL into the file on the store's thread, so the loop never waits on a disk."""
        if self._executor is None or self._checkpoint is not None:
            return
        self._commits = 0
        future = asyncio.get_running_loop().run_in_executor(self._executor, self._checkpoint_now)

        def done(finished: asyncio.Future[None]) -> None:
            self._checkpoint = None
            finished.exception()

        future.add_done_callback(done)
        self._checkpoint = future

    def _db(self) -> sqlite3.Connection:
        conn: sqlite3.Connection | None = getattr(self._local, "conn", None)
        if conn is None or self._conn is None:
            raise StoreError("The run store is not open.")
        return conn

    def _append_events(
        self, db: sqlite3.Connection, thread: str, run: str | None, events: list[tuple[str, Any]]
    ) -> None:
        if not events:
            return
        last = db.execute(
            "UPDATE threads SET last_seq = last_seq + ? WHERE id = ? RETURNING last_seq",
            (len(events), thread),
        ).fetchone()[0]
        now = time.time()
        first = last - len(events) + 1
        db.executemany(
            "INSERT INTO events (thread, seq, run, type, at, data) VALUES (?, ?, ?, ?, ?, ?)",
            [
                (thread, first + index, run, kind, now, dumps(data))
                for index, (kind, data) in enumerate(events)
            ],
        )

    def _snapshot(self, db: sqlite3.Connection, run: str) -> RunSnapshot | None:
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
        pauses = [
            pause_record(p)
            for p in db.execute(
                "SELECT * FROM pauses WHERE run = ? ORDER BY created_at, step, id", (run,)
            )
        ]
        return RunSnapshot(run_record(row), journal, pauses)

    def _create(self, db: sqlite3.Connection, run: RunRecord, lease_seconds: float) -> None:
        """Store a new run and its thread, unless the thread has a run going forward."""
        now = time.time()
        db.execute(
            "INSERT INTO threads (id, created_at) VALUES (?, ?) ON CONFLICT (id) DO NOTHING",
            (run["thread"], now),
        )
        active = db.execute(
            "SELECT r.id FROM threads t JOIN runs r ON r.id = t.current_run "
            f"WHERE t.id = ? AND r.state IN ({', '.join('?' * len(ACTIVE_STATES))}) "
            "AND r.saga IS NULL",
            (run["thread"], *ACTIVE_STATES),
        ).fetchone()
        if active is not None:
            raise RunConflict(run["thread"], active["id"])
        db.execute(
            "INSERT INTO runs (id, thread, agent, state, saga, version, lease, lease_until, "
            "turn, reply, created_at, updated_at) "
            "VALUES (?, ?, ?, ?, NULL, ?, ?, ?, ?, NULL, ?, ?)",
            (
                run["id"],
                run["thread"],
                run["agent"],
                run["state"],
                run["version"],
                run["lease"],
                now + lease_seconds,
                dumps(run["turn"]),
                now,
                now,
            ),
        )
        db.execute("UPDATE threads SET current_run = ? WHERE id = ?", (run["id"], run["thread"]))

    def _acquire(self, run: str, lease: str, lease_seconds: float) -> RunSnapshot | None:
        now = time.time()
        with self._write() as db:
            taken = db.execute(
                "UPDATE runs SET lease = ?, lease_until = ? WHERE id = ? "
                "AND (lease IS NULL OR lease_until < ? OR lease = ?)",
                (lease, now + lease_seconds, run, now, lease),
            ).rowcount
            return self._snapshot(db, run) if taken else None

    def _renew(self, run: str, lease: str, lease_seconds: float) -> None:
        with self._write() as db:
            renewed = db.execute(
                "UPDATE runs SET lease_until = ? WHERE id = ? AND lease = ?",
                (time.time() + lease_seconds, run, lease),
            ).rowcount
            if not renewed:
                raise LeaseLost(run)

    def _apply(
        self,
        run: str,
        lease: str,
        changes: Changes,
        lease_seconds: float,
        release: bool,
        expect_version: int | None,
        create: RunRecord | None,
    ) -> ApplyResult:
        now = time.time()
        with self._write() as db:
            if create is not None:
                self._create(db, create, lease_seconds)
            row = db.execute(
                "SELECT thread, version, lease FROM runs WHERE id = ?", (run,)
            ).fetchone()
            if row is None or row["lease"] != lease:
                raise LeaseLost(run)
            thread, version = row["thread"], row["version"]
            _write_changes(db, run, changes, now)
            self._append_events(db, thread, run, changes.events)
            current = expect_version is None or expect_version == version
            released = release and current
            db.execute(
                "UPDATE runs SET version = version + 1, state = COALESCE(?, state), "
                "saga = COALESCE(?, saga), reply = COALESCE(?, reply), "
                "lease = ?, lease_until = ?, updated_at = ? WHERE id = ?",
                (
                    changes.run_state,
                    changes.saga,
                    dumps(changes.reply) if changes.reply is not None else None,
                    None if released else lease,
                    None if released else now + lease_seconds,
                    now,
                    run,
                ),
            )
        return ApplyResult(version + 1, released, current)

    def _claim(
        self,
        thread: str,
        pause: str,
        token: str,
        decision: str,
        value: Any,
        by: str | None,
        lease: str,
        lease_seconds: float,
    ) -> ClaimResult:
        now = time.time()
        with self._write() as db:
            row = db.execute("SELECT * FROM pauses WHERE id = ?", (pause,)).fetchone()
            if row is None or row["thread"] != thread:
                return ClaimResult("stale", "no such pause waits in this thread")
            found = pause_record(row)
            if found["state"] != PauseState.OPEN:
                return ClaimResult("stale", f"it is {found['state']} already", found["kind"])
            if decision not in found["choices"]:
                return ClaimResult("bad_decision", "", found["kind"], found["choices"])
            if not hmac.compare_digest(found["token"].encode(), token.encode()):
                return ClaimResult("stale", "the token is not the one shown", found["kind"])
            claimed = db.execute(PAUSE_CLAIM_SQLITE, (pause, decision, by, now)).fetchone()
            if claimed is None:
                return ClaimResult("stale", "another answer claimed it first", found["kind"])
            db.execute(
                "UPDATE pauses SET state = 'answered', decision = ?, value = ?, answered_by = ?, "
                "answered_at = ? WHERE id = ?",
                (decision, dumps(value), by, now, pause),
            )
            run = db.execute(
                "SELECT version, lease, lease_until FROM runs WHERE id = ?", (found["run"],)
            ).fetchone()
            leased = run["lease"] is None or run["lease_until"] < now
            db.execute(
                "UPDATE runs SET version = version + 1, lease = ?, lease_until = ?, updated_at = ? "
                "WHERE id = ? AND version = ?",
                (
                    lease if leased else run["lease"],
                    now + lease_seconds if leased else run["lease_until"],
                    now,
                    found["run"],
                    run["version"],
                ),
            )
            sent_step = None
            if leased and decision == found["sends"]:
                db.execute(
                    "UPDATE journal SET status = ?, updated_at = ? WHERE run = ? AND step = ?",
                    (StepStatus.SENT, now, found["run"], found["step"]),
                )
                sent_step = found["step"]
            self._append_events(
                db,
                thread,
                found["run"],
                [("answer", answer_event(found, decision, value, by))],
            )
            snapshot = self._snapshot(db, found["run"]) if leased else None
        return ClaimResult("ok", "", found["kind"], found["choices"], leased, sent_step, snapshot)

    # The async face of the store.

    async def schema_version(self) -> int:
        def read() -> int:
            return int(self._db().execute("SELECT count(*) FROM stalwart_migrations").fetchone()[0])

        return await self._call(read)

    async def load(self, run: str) -> RunSnapshot | None:
        return await self._call(lambda: self._snapshot(self._db(), run))

    async def latest_run(self, thread: str) -> str | None:
        def read() -> str | None:
            row = (
                self._db()
                .execute("SELECT current_run FROM threads WHERE id = ?", (thread,))
                .fetchone()
            )
            return None if row is None else row[0]

        return await self._call(read)

    async def acquire(self, run: str, lease: str, lease_seconds: float) -> RunSnapshot | None:
        return await self._durable(self._acquire, run, lease, lease_seconds)

    async def renew(self, run: str, lease: str, lease_seconds: float) -> None:
        await self._call(self._renew, run, lease, lease_seconds)

    async def apply(
        self,
        run: str,
        lease: str,
        changes: Changes,
        *,
        lease_seconds: float,
        release: bool = False,
        expect_version: int | None = None,
        create: RunRecord | None = None,
        durable: bool = True,
    ) -> ApplyResult:
        call = self._durable if durable else self._call
        return await call(
            self._apply, run, lease, changes, lease_seconds, release, expect_version, create
        )

    async def claim(
        self,
        thread: str,
        pause: str,
        token: str,
        decision: str,
        value: Any,
        by: str | None,
        lease: str,
        lease_seconds: float,
    ) -> ClaimResult:
        return await self._durable(
            self._claim, thread, pause, token, decision, value, by, lease, lease_seconds
        )

    async def claim_external(
        self,
        scope: str,
        key: str,
        token: str,
        decision: str,
        by: str | None,
        value: Any = None,
    ) -> bool:
        def write() -> bool:
            with self._write() as db:
                row = db.execute(
                    EXTERNAL_CLAIM_SQLITE,
                    (scope, key, token, decision, dumps(value), by, time.time()),
                ).fetchone()
            return row is not None

        # A claim gates an action, so it reaches the disk before the action runs.
        return await self._durable(write)

    async def expired(self, limit: int = 100) -> list[str]:
        def read() -> list[str]:
            rows = self._db().execute(
                "SELECT id FROM runs WHERE lease IS NOT NULL AND lease_until < ? "
                "ORDER BY lease_until LIMIT ?",
                (time.time(), limit),
            )
            return [row[0] for row in rows]

        return await self._call(read)

    async def open_pauses(self, thread: str) -> list[PauseRecord]:
        def read() -> list[PauseRecord]:
            rows = self._db().execute(
                "SELECT * FROM pauses WHERE thread = ? AND state = 'open' "
                "ORDER BY created_at, step, id",
                (thread,),
            )
            return [pause_record(row) for row in rows]

        return await self._call(read)

    async def pause(self, pause: str) -> PauseRecord | None:
        def read() -> PauseRecord | None:
            row = self._db().execute("SELECT * FROM pauses WHERE id = ?", (pause,)).fetchone()
            return None if row is None else pause_record(row)

        return await self._call(read)

    async def thread_exists(self, thread: str) -> bool:
        def read() -> bool:
            found = self._db().execute("SELECT 1 FROM threads WHERE id = ?", (thread,)).fetchone()
            return found is not None

        return await self._call(read)

    async def events(self, thread: str, after: int = 0, limit: int = 1000) -> list[EventRecord]:
        def read() -> list[EventRecord]:
            rows = self._db().execute(
                "SELECT * FROM events WHERE thread = ? AND seq > ? ORDER BY seq LIMIT ?",
                (thread, after, limit),
            )
            return [event_record(row) for row in rows]

        return await self._call(read)

    async def listen(self, thread: str, after: int = 0) -> AsyncIterator[EventRecord]:
        """Polls the events table: SQLite has no notifications across processes."""
        while True:
            events = await self.events(thread, after)
            for event in events:
                after = event["id"]
                yield event
            if not events:
                await asyncio.sleep(self.poll_seconds)

    async def new_session(self, session: str) -> None:
        def write() -> None:
            with self._write() as db:
                db.execute(
                    "INSERT INTO sessions (id, created_at) VALUES (?, ?)", (session, time.time())
                )

        await self._durable(write)

    async def session_exists(self, session: str) -> bool:
        def read() -> bool:
            row = self._db().execute("SELECT 1 FROM sessions WHERE id = ?", (session,)).fetchone()
            return row is not None

        return await self._call(read)

    async def message(self, thread: str, message: str) -> MessageRecord | None:
        def read() -> MessageRecord | None:
            row = (
                self._db()
                .execute(
                    "SELECT id, thread, run, session, text FROM messages "
                    "WHERE id = ? AND thread = ?",
                    (message, thread),
                )
                .fetchone()
            )
            return None if row is None else MessageRecord(**dict(row))  # type: ignore[typeddict-item]

        return await self._call(read)

    async def put_feedback(self, message: MessageRecord, thumb: str) -> None:
        def write() -> None:
            with self._write() as db:
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

        await self._durable(write)

    async def feedback(self, message: str) -> str | None:
        def read() -> str | None:
            row = (
                self._db()
                .execute("SELECT thumb FROM feedback WHERE message = ?", (message,))
                .fetchone()
            )
            return None if row is None else str(row[0])

        return await self._call(read)

    async def record_delivery(
        self, thread: str, pause: str, url: str | None, error: str | None
    ) -> None:
        def write() -> None:
            with self._write() as db:
                db.execute(
                    "INSERT INTO webhook_deliveries (thread, pause, url, error, at) "
                    "VALUES (?, ?, ?, ?, ?)",
                    (thread, pause, url, error, time.time()),
                )

        await self._durable(write)

    async def deliveries(self, pause: str) -> list[dict[str, Any]]:
        def read() -> list[dict[str, Any]]:
            rows = self._db().execute(
                "SELECT thread, pause, url, error, at FROM webhook_deliveries WHERE pause = ? "
                "ORDER BY id",
                (pause,),
            )
            return [dict(row) for row in rows]

        return await self._call(read)

    async def get_setting(self, key: str) -> Any:
        def read() -> Any:
            row = self._db().execute("SELECT value FROM settings WHERE key = ?", (key,)).fetchone()
            return None if row is None else json.loads(row[0])

        return await self._call(read)

    async def set_setting(self, key: str, value: Any) -> None:
        def write() -> None:
            with self._write() as db:
                db.execute(
                    "INSERT INTO settings (key, value) VALUES (?, ?) "
                    "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                    (key, dumps(value)),
                )

        await self._durable(write)


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
    if changes.messages:
        db.executemany(
            "INSERT INTO messages (id, thread, run, session, text, created_at) "
            "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET text = excluded.text",
            [
                (m["id"], m["thread"], m["run"], m["session"], m["text"], now)
                for m in changes.messages
            ],
        )
