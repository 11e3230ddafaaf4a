"""SQLite's flushed commits: on the store's thread, through the loop's connection if free."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
import time
from pathlib import Path

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
