"""The SQLite store's one watcher per process: which followed threads have new events."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from pathlib import Path

from stalwart_agents.store._feed import Feed

__all__ = ["watch"]

# The watcher's own list of the threads it follows, with the last event number it told the feed
# of. A temporary table lives in the watcher's connection only, and writing it takes no lock on
# the file.
FOLLOWED = "CREATE TEMP TABLE followed (id TEXT PRIMARY KEY, seen INTEGER NOT NULL) WITHOUT ROWID"
# The followed threads whose last event number moved: one primary-key look-up each, in SQLite,
# and a row back only for a thread that changed. CROSS JOIN keeps `followed` the outer loop.
MOVED = """
    SELECT f.id, t.last_seq FROM temp.followed AS f CROSS JOIN main.threads AS t ON t.id = f.id
    WHERE t.last_seq != f.seen"""


def _look(db: sqlite3.Connection, feed: Feed, listed: set[str]) -> set[str]:
    """Follow the feed's threads now, and tell it of those that moved; the threads listed."""
    threads = set(feed.threads)
    if threads != listed:
        db.executemany("DELETE FROM followed WHERE id = ?", [(t,) for t in listed - threads])
        db.executemany("INSERT INTO followed VALUES (?, -1)", [(t,) for t in threads - listed])
    moved = db.execute(MOVED).fetchall()
    db.executemany("UPDATE followed SET seen = ? WHERE id = ?", [(last, t) for t, last in moved])
    for thread, last_seq in moved:
        feed.moved(thread, last_seq)
    return threads


async def watch(path: Path, feed: Feed, poll_seconds: float) -> None:
    """Look every `poll_seconds`, until cancelled, whatever the number of streams.

    SQLite tells no process of another's commits, so the watcher asks `PRAGMA data_version`,
    which changes when any other connection (this process's own included) has committed, and only
    then looks the followed threads up.
    """
    while True:
        try:
            with contextlib.closing(sqlite3.connect(path, isolation_level=None)) as db:
                db.execute(FOLLOWED)
                listed: set[str] = set()
                seen = None
                while True:
                    (version,) = db.execute("PRAGMA data_version").fetchone()
                    if version != seen or len(listed) != len(feed.threads):
                        seen = version
                        listed = _look(db, feed, listed)
                    await asyncio.sleep(poll_seconds)
        except sqlite3.Error:
            # A file that went away or broke: wake every follower, so a read says what is wrong.
            feed.wake_all()
            await asyncio.sleep(1.0)
