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
from pathlib import Path


def sqlite_commit_rate(path: Path, commits: int, synchronous: str = "FULL") -> float:
    """Commits per second in WAL mode: FULL flushes each to disk, NORMAL trusts the page cache."""
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute(f"PRAGMA synchronous = {synchronous}")
        conn.execute("CREATE TABLE IF NOT EXISTS beat (n INTEGER)")
        started = time.perf_counter()
        for n in range(commits):
            conn.execute("BEGIN IMMEDIATE")
            conn.execute("INSERT INTO beat (n) VALUES (?)", (n,))
            conn.execute("COMMIT")
        return commits / (time.perf_counter() - started)
    finally:
        conn.close()


def postgres_commit_rate(dsn: str, commits: int) -> float:
    """Commits per second over one autocommit connection, the server's own settings."""
    import psycopg

    with psycopg.connect(dsn, autocommit=True) as conn:
        conn.execute("CREATE TABLE IF NOT EXISTS beat (n integer)")
        started = time.perf_counter()
        for n in range(commits):
            conn.execute("INSERT INTO beat (n) VALUES (%s)", (n,))
        return commits / (time.perf_counter() - started)


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
