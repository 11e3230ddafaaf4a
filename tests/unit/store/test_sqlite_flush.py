"""SQLite's flushed commits: on the store's thread, through the loop's connection, in batches."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
import time
from collections.abc import Awaitable
from pathlib import Path

from stalwart_agents.errors import LeaseLost
from stalwart_agents.store.sqlite import SqliteRunStore


def hold_the_file(path: Path, seconds: float, taken: threading.Event) -> None:
    """Another process's writer, in effect: it keeps the write lock for a while."""
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    taken.set()
    time.sleep(seconds)
    other.execute("COMMIT")
    other.close()


async def test_a_flushed_commit_waits_for_another_writer_instead_of_failing(
    tmp_path: Path,
) -> None:
    async with SqliteRunStore(tmp_path / "runs.db") as store:
        taken = threading.Event()
        holder = threading.Thread(target=hold_the_file, args=(store.path, 0.3, taken))
        holder.start()
        await asyncio.to_thread(taken.wait)
        started = time.perf_counter()
        await store.set_setting("language", "pt-BR")
        waited = time.perf_counter() - started
        holder.join()
        assert await store.get_setting("language") == "pt-BR"
        assert waited >= 0.2


async def test_commits_after_a_flushed_one_are_not_flushed(tmp_path: Path) -> None:
    async with SqliteRunStore(tmp_path / "runs.db") as store:
        await store.set_setting("language", "en")
        loops_connection = store._fast
        assert loops_connection is not None
        assert loops_connection.execute("PRAGMA synchronous").fetchone()[0] == 1  # NORMAL


async def test_the_write_ahead_log_is_copied_into_the_file_as_commits_go_by(
    tmp_path: Path,
) -> None:
    async with SqliteRunStore(tmp_path / "runs.db", flush=False, checkpoint_every=10) as store:
        for n in range(10):
            await store.set_setting("n", n)
        assert store._checkpoint is not None
        await store._checkpoint
        # Once copied, the log starts again from its beginning with the next commit.
        await store.set_setting("n", 10)
        reader = sqlite3.connect(store.path)
        _, frames, _ = reader.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
        reader.close()
    assert frames < 10


async def _queued_together(store: SqliteRunStore, *writes: Awaitable[object]) -> list[object]:
    """The writes, sent while another process holds the file, so they queue on the store's
    thread and run as one batch once it lets go."""
    taken = threading.Event()
    holder = threading.Thread(target=hold_the_file, args=(store.path, 0.3, taken))
    holder.start()
    await asyncio.to_thread(taken.wait)
    try:
        return await asyncio.gather(*writes, return_exceptions=True)
    finally:
        holder.join()


async def test_writes_queued_together_commit_as_one_batch(tmp_path: Path) -> None:
    async with SqliteRunStore(tmp_path / "runs.db") as store:
        await store.set_setting("warm", True)
        before = store.batches
        await _queued_together(store, *(store.set_setting(f"k{n}", n) for n in range(20)))
        assert store.batches - before <= 3
        assert [await store.get_setting(f"k{n}") for n in range(20)] == list(range(20))


async def test_a_write_that_fails_in_a_batch_takes_back_only_its_own_changes(
    tmp_path: Path,
) -> None:
    def half_then_fail(db: sqlite3.Connection) -> None:
        db.execute("INSERT INTO settings (key, value) VALUES ('half', '1')")
        raise LeaseLost("r-1")

    async with SqliteRunStore(tmp_path / "runs.db") as store:
        results = await _queued_together(
            store,
            store.set_setting("before", 1),
            store._commit(True, half_then_fail),
            store.set_setting("after", 2),
        )
        assert results[0] is None and results[2] is None
        assert isinstance(results[1], LeaseLost)
        assert await store.get_setting("before") == 1
        assert await store.get_setting("after") == 2
        assert await store.get_setting("half") is None


async def test_a_batch_that_cannot_commit_runs_each_write_again_alone(tmp_path: Path) -> None:
    calls: list[str] = []

    def end_the_transaction(db: sqlite3.Connection) -> str:
        # Once, as SQLite does on some errors (a full disk): the whole transaction rolls back.
        calls.append("call")
        if len(calls) == 1:
            db.execute("ROLLBACK")
        return "ran"

    async with SqliteRunStore(tmp_path / "runs.db") as store:
        results = await _queued_together(
            store,
            store.set_setting("first", 1),
            store._commit(False, end_the_transaction),
            store.set_setting("last", 3),
        )
        assert results == [None, "ran", None]
        assert len(calls) == 2  # in the batch, then alone
        assert await store.get_setting("first") == 1
        assert await store.get_setting("last") == 3
