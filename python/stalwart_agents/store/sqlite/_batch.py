"""Group commit for SQLite: the transactions queued on the store's thread, run as one.

Under load every transaction waits for the store's thread while it flushes, and each used to
commit, and flush, on its own: three flushes a served cycle at 64 conversations against one at
1 (docs/performance.md, "SQLite under load"). Queued writes now share one transaction, each in a
savepoint of its own, and one flush when any of them must reach the disk.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from stalwart_agents.errors import StoreError

__all__ = ["Job", "Outcome", "run_batch"]


@dataclass(eq=False)
class Job:
    """One transaction waiting for the store's thread."""

    fn: Callable[[], Any]
    """The transaction's body; a write opens its own transaction, or a savepoint in a batch's."""
    write: bool
    durable: bool
    """It reaches the disk before it returns: the batch it is in commits with a flush."""
    future: asyncio.Future[Any] = field(repr=False)


Outcome = tuple[bool, Any]
"""(True, the result) or (False, the exception it raised)."""


def _outcome(fn: Callable[[], Any]) -> Outcome:
    try:
        return True, fn()
    except BaseException as error:  # The job's waiter gets it, as from an executor.
        return False, error


def _synchronous(db: sqlite3.Connection, durable: bool) -> None:
    db.execute(f"PRAGMA synchronous = {'FULL' if durable else 'NORMAL'}")


class _Ended(StoreError):
    """A write ended the batch's transaction (SQLite rolls back all of it on some errors)."""


def run_batch(db: sqlite3.Connection, jobs: list[Job]) -> dict[Job, Outcome]:
    """Each job's outcome: reads first, on what is committed; then the writes in one transaction.

    A write that fails rolls back to its savepoint alone. When the transaction as a whole ends
    or cannot commit (the disk is full, say), none of it happened, and each write is run again
    on its own, so each gets its own answer.
    """
    outcomes = {job: _outcome(job.fn) for job in jobs if not job.write}
    writes = [job for job in jobs if job.write]
    if len(writes) == 1:
        _synchronous(db, writes[0].durable)
        outcomes[writes[0]] = _outcome(writes[0].fn)
    elif writes:
        _synchronous(db, any(job.durable for job in writes))
        db.execute("BEGIN IMMEDIATE")
        try:
            together: dict[Job, Outcome] = {}
            for job in writes:
                together[job] = _outcome(job.fn)
                if not db.in_transaction:
                    raise _Ended
            db.execute("COMMIT")
            outcomes.update(together)
        except (sqlite3.Error, _Ended):
            if db.in_transaction:
                db.execute("ROLLBACK")
            for job in writes:
                _synchronous(db, job.durable)
                outcomes[job] = _outcome(job.fn)
    return outcomes
