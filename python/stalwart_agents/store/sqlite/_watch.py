"""The SQLite store's one watcher per process: which followed threads have new events."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

from stalwart_agents.store._feed import Feed, Read
from stalwart_agents.store._records import EventRecord
from stalwart_agents.store.sqlite import _reads as reads

__all__ = ["Watcher"]

# The watcher's own list of the threads it follows, with the last event number it told the feed
# of. A temporary table lives in the watcher's connection only, and writing it takes no lock on
# the file.
FOLLOWED = "CREATE TEMP TABLE followed (id TEXT PRIMARY KEY, seen INTEGER NOT NULL) WITHOUT ROWID"
# The followed threads whose last event number moved: one primary-key look-up each, in SQLite,
# and a row back only for a thread that changed. CROSS JOIN keeps `followed` the outer loop.
MOVED = """
    SELECT f.id, t.last_seq FROM temp.followed AS f CROSS JOIN main.threads AS t ON t.id = f.id
    WHERE t.last_seq != f.seen"""


class Watcher:
    """The store's watcher, and the connection it and the streams read on.

    SQLite tells no process of another's commits, so the watcher asks `PRAGMA data_version`
    every poll, whatever the number of streams. It changes when any other connection
    (this process's own included) has committed, and only then are the followed threads looked
    up. The streams read on the same connection, on the loop's thread: a reader in WAL mode
    never waits for a writer, so a stream's read does not queue behind the store's durable
    commits on the store's own thread.
    """

    def __init__(self, path: Path, fallback: Read) -> None:
        self.path = path
        self._fallback = fallback
        self._db: sqlite3.Connection | None = None
        self._listed: set[str] = set()

    def _connect(self) -> sqlite3.Connection:
        if self._db is None:
            # No busy wait: this connection runs on the loop's thread.
            db = sqlite3.connect(
                self.path, isolation_level=None, check_same_thread=False, timeout=0
            )
            db.row_factory = sqlite3.Row
            db.execute(FOLLOWED)
            self._db, self._listed = db, set()
        return self._db

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None

    async def events(self, thread: str, after: int, limit: int) -> list[EventRecord]:
        """The thread's events after `after`, read here; through the store when SQLite is busy."""
        try:
            return reads.events(self._connect(), thread, after, limit)
        except sqlite3.OperationalError:
            return await self._fallback(thread, after, limit)

    def _look(self, feed: Feed) -> None:
        """Follow the feed's threads now, and tell it of those that moved."""
        db = self._connect()
        threads = set(feed.threads)
        if threads != self._listed:
            gone, new = self._listed - threads, threads - self._listed
            db.executemany("DELETE FROM followed WHERE id = ?", [(t,) for t in gone])
            db.executemany("INSERT INTO followed VALUES (?, -1)", [(t,) for t in new])
            self._listed = threads
        moved = [(row[0], row[1]) for row in db.execute(MOVED).fetchall()]
        db.executemany("UPDATE followed SET seen = ? WHERE id = ?", [(n, t) for t, n in moved])
        for thread, last_seq in moved:
            feed.moved(thread, last_seq)

    async def watch(self, feed: Feed, poll_seconds: float) -> None:
        """Look every `poll_seconds` until cancelled."""
        seen = None
        while True:
            try:
                [(version,)] = self._connect().execute("PRAGMA data_version").fetchall()
                if version != seen or len(self._listed) != len(feed.threads):
                    seen = version
                    self._look(feed)
                await asyncio.sleep(poll_seconds)
            except sqlite3.Error:
                # A file that went away or broke: start again on a new connection, and wake
                # every follower, so a read says what is wrong.
                self.close()
                seen = None
                feed.wake_all()
                await asyncio.sleep(1.0)
