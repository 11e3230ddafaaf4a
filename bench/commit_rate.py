"""A database's raw commit rate: one connection, one single-row insert per commit.

No run store can resume faster than its database commits, so this is the ceiling the resume
benchmark compares against. Run alone it prints SQLite's rate in a temporary file:

    .venv/bin/python bench/commit_rate.py [--commits 2000]
"""

from __future__ import annotations

import argparse
import sqlite3
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def sqlite_commits(path: Path, synchronous: str = "FULL") -> Iterator[Callable[[], None]]:
    """A function making one commit in WAL mode: FULL flushes each to disk, NORMAL trusts the
    page cache."""
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute(f"PRAGMA synchronous = {synchronous}")
        conn.execute("CREATE TABLE IF NOT EXISTS beat (n INTEGER)")

        def commit() -> None:
            conn.execute("BEGIN IMMEDIATE")
            conn.execute("INSERT INTO beat (n) VALUES (1)")
            conn.execute("COMMIT")

        yield commit
    finally:
        conn.close()


@contextmanager
def postgres_commits(dsn: str) -> Iterator[Callable[[], None]]:
    """A function making one commit over one autocommit connection, the server's own settings."""
    import psycopg

    with psycopg.connect(dsn, autocommit=True) as conn:
        conn.execute("CREATE TABLE IF NOT EXISTS beat (n integer)")

        def commit() -> None:
            conn.execute("INSERT INTO beat (n) VALUES (1)")

        yield commit


def rate(commit: Callable[[], None], commits: int) -> float:
    """Commits per second, one after another."""
    started = time.perf_counter()
    for _ in range(commits):
        commit()
    return commits / (time.perf_counter() - started)


def sqlite_commit_rate(path: Path, commits: int, synchronous: str = "FULL") -> float:
    """Commits per second in WAL mode: FULL flushes each to disk, NORMAL trusts the page cache."""
    with sqlite_commits(path, synchronous) as commit:
        return rate(commit, commits)


def postgres_commit_rate(dsn: str, commits: int) -> float:
    """Commits per second over one autocommit connection, the server's own settings."""
    with postgres_commits(dsn) as commit:
        return rate(commit, commits)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commits", type=int, default=2000)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        for synchronous in ("FULL", "NORMAL"):
            rate = sqlite_commit_rate(
                Path(folder) / f"{synchronous}.db", options.commits, synchronous
            )
            print(f"SQLite (WAL, synchronous={synchronous}): {rate:,.0f} commits/s")


if __name__ == "__main__":
    main()
