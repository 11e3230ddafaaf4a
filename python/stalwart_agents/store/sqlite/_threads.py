"""Where SQLite transactions run: on the event loop's thread when the file is free, else on the
store's own thread, which may wait for another writer and flush to disk without blocking the loop.
"""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Concatenate, ParamSpec, TypeVar

from stalwart_agents.errors import StoreError
from stalwart_agents.store.sqlite._batch import Job, Outcome, run_batch
from stalwart_agents.store.sqlite._migrations import migrate
from stalwart_agents.store.sqlite._writable import why_unwritable

__all__ = ["SqliteThreads"]

P = ParamSpec("P")
T = TypeVar("T")


class SqliteThreads:
    """The store's two connections to one SQLite file in WAL mode, and its thread.

    A transaction that need not flush takes tens of microseconds when nobody else holds the
    file, less than handing it to another thread, so it runs on the event loop's thread with no
    busy wait. When another writer holds the file, or anything is queued for the store's thread,
    it goes to that thread, which waits there (up to `busy_timeout`) without blocking the loop.
    The loop's thread never flushes to disk: its connection never checkpoints; the store's thread
    does, every `checkpoint_every` commits. A durable commit is made on the store's thread, and
    what is queued there runs in batches that share one commit (`_batch.py`), through the loop's
    connection: SQLite drops a connection's page cache whenever another connection has
    committed, and alternating the two made every transaction read its pages again (some 70
    reads a pause -> resume cycle instead of 7).
    """

    def __init__(
        self, path: str | Path, *, busy_timeout: float, checkpoint_every: int, flush: bool
    ) -> None:
        self.path = Path(path)
        # False trusts the page cache for every commit: safe when the process is killed, not
        # when the machine loses power (sqlite:///runs.db?flush=off).
        self.flush = flush
        self.busy_timeout = busy_timeout
        self.checkpoint_every = checkpoint_every
        self.round_trips = 0
        self._executor: ThreadPoolExecutor | None = None
        self._conn: sqlite3.Connection | None = None
        self._fast: sqlite3.Connection | None = None
        self._local = threading.local()
        self._waiting = 0
        self._jobs: list[Job] = []
        self._draining = False
        self._lock = threading.Lock()
        self.batches = 0
        self._commits = 0
        self._checkpoint: asyncio.Future[None] | None = None
        self._secret: bytes | None = None

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
        except BaseException as error:
            self._executor.shutdown(wait=False)
            self._executor = None
            if isinstance(error, sqlite3.Error):
                # Not a database, or one SQLite cannot lock: said as the store, never raw.
                raise StoreError(
                    f"The SQLite file {str(self.path)!r} cannot be used: {error}."
                ) from error
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

    async def _read(
        self,
        fn: Callable[Concatenate[sqlite3.Connection, P], T],
        *args: P.args,
        **kwargs: P.kwargs,
    ) -> T:
        """fn(db, ...) on the connection of whichever thread runs it."""
        return await self._call(lambda: fn(self._db(), *args, **kwargs), write=False)

    async def _commit(
        self,
        durable: bool,
        fn: Callable[Concatenate[sqlite3.Connection, P], T],
        *args: P.args,
        **kwargs: P.kwargs,
    ) -> T:
        """fn(db, ...) as one write transaction; a `durable` one reaches the disk first."""

        def write() -> T:
            with self._write() as db:
                return fn(db, *args, **kwargs)

        return await self._call(write, write=True, durable=durable and self.flush)

    async def _call(self, fn: Callable[[], T], *, write: bool, durable: bool = False) -> T:
        """Run one transaction here when the file is free and it need not flush, else queue it
        for the store's thread."""
        if self._executor is None or self._fast is None:
            raise StoreError("The run store is not open; use `async with` or await open() first.")
        self.round_trips += 1
        if not self._waiting and not durable:
            self._local.conn = self._fast
            try:
                result = fn()
            except sqlite3.OperationalError as error:
                if error.sqlite_errorcode != sqlite3.SQLITE_BUSY:
                    raise
            else:
                if self._commits >= self.checkpoint_every:
                    self._start_checkpoint()
                return result
        loop = asyncio.get_running_loop()
        job = Job(fn, write, durable, loop.create_future())
        # Counted until the store's thread is done with it: till then the loop keeps off `_fast`.
        self._waiting += 1
        with self._lock:
            self._jobs.append(job)
            start, self._draining = not self._draining, True
        if start:
            self._executor.submit(self._drain, loop)
        done: T = await job.future
        return done

    def _drain(self, loop: asyncio.AbstractEventLoop) -> None:
        """On the store's thread: run what is queued, in batches, until nothing is."""
        while True:
            with self._lock:
                jobs, self._jobs = self._jobs, []
                if not jobs:
                    self._draining = False
                    return
            self.batches += 1
            try:
                outcomes = self._run(jobs)
            except BaseException as error:  # Every waiter hears of it.
                outcomes = {job: (False, error) for job in jobs}
            try:
                loop.call_soon_threadsafe(self._settle, jobs, outcomes)
            except RuntimeError:
                return  # The loop has closed: nobody is waiting any more.
            if self._commits >= self.checkpoint_every:
                self._commits = 0
                self._checkpoint_now()

    def _run(self, jobs: list[Job]) -> dict[Job, Outcome]:
        """One batch through the loop's connection, which keeps its page cache warm; here it
        waits for another process's writer, as the loop's thread must not."""
        fast = self._fast
        if fast is None:
            raise StoreError("The run store is closed.")
        queued = [job for job in jobs if not job.future.cancelled()]
        self._local.conn = fast
        fast.execute(f"PRAGMA busy_timeout = {int(self.busy_timeout * 1000)}")
        try:
            outcomes = run_batch(fast, queued)
        finally:
            fast.execute("PRAGMA busy_timeout = 0")
            fast.execute("PRAGMA synchronous = NORMAL")
            self._local.conn = self._conn
        if sum(job.write for job in queued) > 1:
            self._commits += 1  # A lone write counts its own commit (_write).
        return outcomes

    def _settle(self, jobs: list[Job], outcomes: dict[Job, Outcome]) -> None:
        """On the loop: the store's thread is done with these jobs; wake their waiters."""
        self._waiting -= len(jobs)
        for job in jobs:
            if job.future.done() or job not in outcomes:
                continue
            ok, value = outcomes[job]
            if ok:
                job.future.set_result(value)
            else:
                job.future.set_exception(value)

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
        problem = why_unwritable(self.path)
        if problem is not None:
            raise StoreError(f"The SQLite file {str(self.path)!r} cannot be written: {problem}.")
        conn = self._connect(self.busy_timeout)
        conn.execute("PRAGMA journal_mode = WAL")
        # What commits on this thread reaches the disk before the call returns.
        conn.execute(f"PRAGMA synchronous = {'FULL' if self.flush else 'NORMAL'}")
        self._conn = conn
        self._local.conn = conn
        with self._write() as db:
            migrate(db)
            row = db.execute("SELECT secret FROM instance WHERE id = 1").fetchone()
        return bytes.fromhex(row["secret"])

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
        if db.in_transaction:
            # One of a batch (_batch.py): alone in a savepoint, inside the batch's transaction.
            db.execute("SAVEPOINT job")
            try:
                yield db
            except BaseException:
                db.execute("ROLLBACK TO job")
                db.execute("RELEASE job")
                raise
            db.execute("RELEASE job")
            return
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
