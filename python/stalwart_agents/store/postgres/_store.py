"""The shared run store: PostgreSQL through psycopg 3 and a connection pool, for many workers."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from stalwart_agents.errors import LeaseLost, RunConflict, StoreError
from stalwart_agents.store._base import RunStore
from stalwart_agents.store._feed import Feed, Following
from stalwart_agents.store._records import (
    ApplyResult,
    Changes,
    ClaimResult,
    EventRecord,
    PauseRecord,
    RunRecord,
    RunSnapshot,
    StaleReason,
)
from stalwart_agents.store._rows import (
    dumps,
    event_record,
    journal_entry,
    loads,
    pause_record,
    run_record,
)
from stalwart_agents.store.postgres._address import Address
from stalwart_agents.store.postgres._doors import PostgresDoors
from stalwart_agents.store.postgres._files import PostgresFiles
from stalwart_agents.store.postgres._migrations import migrate
from stalwart_agents.store.postgres._outbox import PostgresOutbox
from stalwart_agents.store.postgres._people import PostgresPeople

try:
    import psycopg
    from psycopg import AsyncRawCursor
    from psycopg.rows import dict_row, tuple_row
    from psycopg.types.json import set_json_loads
    from psycopg_pool import AsyncConnectionPool
except ImportError:  # pragma: no cover - reported when a postgres:// store is opened
    psycopg = None  # type: ignore[assignment]

__all__ = ["PostgresRunStore"]

_CHANNEL = "stalwart_events"
# Tells listeners of a thread after a durable commit, in a commit of its own that need not
# flush: NOTIFY locks the whole database until its commit ends, so notifying inside the durable
# commit made every other commit wait for its flush, and concurrent claims never shared one.
# The followed threads' last event numbers, read every relisten_seconds: the backstop for a
# notice lost after its commit, so a stream is at most that late.
_LAST_SEQ = "SELECT id, last_seq FROM threads WHERE id = ANY(%s)"
_NOTIFY = (
    f"SELECT set_config('synchronous_commit', 'off', true), pg_notify('{_CHANNEL}', thread) "
    "FROM unnest(%s::text[]) AS thread"
)

# RunStore.take_over in one statement: the row lock re-checks the expiry, so of two workers only
# the first takes the run. The snapshot is read as the statement began, so it is given the lease.
_TAKE_OVER = """
    WITH taken AS (
        UPDATE runs SET lease = %s, lease_until = stalwart_now() + %s
        WHERE id = %s AND lease IS NOT NULL AND lease_until < stalwart_now()
        RETURNING id, lease, lease_until)
    SELECT jsonb_set(jsonb_set(stalwart_snapshot(id), '{run,lease}', to_jsonb(lease)),
                     '{run,lease_until}', to_jsonb(lease_until))
    FROM taken"""

T = TypeVar("T")


def _same(value: Any) -> Any:
    return value


async def _call_raw(cursor: Any, sql: str, payload: str, prepare: bool | None) -> Any:
    """One transaction function on a raw cursor: $1 goes to the server as is, no query parsing."""
    await cursor.execute(sql, (payload,), prepare=prepare)
    row = await cursor.fetchone()
    return None if row is None else row[0]


async def _first(conn: Any, sql: str, params: Any) -> Any:
    """The first column of the first row, prepared on first use: no dict, no second parse."""
    async with conn.cursor(row_factory=tuple_row) as cursor:
        await cursor.execute(sql, params, prepare=None)
        row = await cursor.fetchone()
    return None if row is None else row[0]


def _snapshot(found: dict[str, Any] | None) -> RunSnapshot | None:
    if found is None:
        return None
    journal = {
        entry["step"]: journal_entry({**entry, "entry": entry}, _same) for entry in found["journal"]
    }
    return RunSnapshot(
        run_record(found["run"], _same),
        journal,
        [pause_record(pause, _same) for pause in found["pauses"]],
    )


class PostgresRunStore(
    Following, PostgresPeople, PostgresDoors, PostgresFiles, PostgresOutbox, RunStore
):
    """Runs kept in PostgreSQL; each operation is one statement, so one round trip.

    The pool is opened explicitly by open(), and live events come from LISTEN on one dedicated
    autocommit connection shared by every listener of this store, through its Feed.
    """

    def __init__(self, url: str, *, min_size: int = 1, max_size: int = 10) -> None:
        if psycopg is None:
            raise StoreError(
                "PostgreSQL storage needs the postgres extra: from a clone of stalwart-agents, "
                "pip install '/path/to/stalwart-agents[postgres]'."
            )
        self.address = Address.parse(url)
        self.url = self.address.url
        # Behind a transaction pooler nothing is prepared (psycopg's threshold None).
        self._prepare: bool | None = None if self.address.pooled else True
        self._connect_options: dict[str, Any] = (
            {"prepare_threshold": None} if self.address.pooled else {}
        )
        self.min_size = min_size
        self.max_size = max_size
        self.round_trips = 0
        self._pool: AsyncConnectionPool[Any] | None = None
        self._secret: bytes | None = None
        # Seconds before a lost LISTEN connection is opened again, and between the looks that
        # make up for a lost notice.
        self.relisten_seconds = 1.0
        # Behind a transaction pooler without a direct address: how often streams look.
        self.poll_seconds = 0.05
        self._feed = Feed(self.events, self._listen_forever)
        # One connection kept aside for the run's transactions: a pool checkout costs more than
        # the statement when nothing else is going on.
        self._lane: Any = None
        self._lane_cursor: Any = None
        self._lane_busy = False
        self._unsent: set[str] = set()
        self._notifier: asyncio.Task[None] | None = None

    @property
    def is_open(self) -> bool:
        return self._pool is not None

    @property
    def secret(self) -> bytes:
        if self._secret is None:
            raise StoreError("The run store is not open; use `async with` or await open() first.")
        return self._secret

    async def open(self) -> None:
        if self._pool is not None:
            return
        try:
            # One plain connection first: a wrong address fails at once, not after the pool's wait.
            async with await psycopg.AsyncConnection.connect(
                self.url, autocommit=True, row_factory=dict_row, **self._connect_options
            ) as conn:
                await migrate(conn)
                row = await (
                    await conn.execute("SELECT secret FROM instance WHERE id = 1")
                ).fetchone()
        except psycopg.Error as error:
            raise StoreError(f"The PostgreSQL store cannot be opened: {error}".strip()) from None
        pool: AsyncConnectionPool[Any] = AsyncConnectionPool(
            self.url,
            min_size=self.min_size,
            max_size=self.max_size,
            open=False,
            kwargs={"autocommit": True, "row_factory": dict_row, **self._connect_options},
        )
        await pool.open(wait=True, timeout=30)
        self._lane = await psycopg.AsyncConnection.connect(
            self.url, autocommit=True, **self._connect_options
        )
        # The run's documents (a snapshot, an apply's outcome) come back read by orjson.
        set_json_loads(loads, self._lane)
        self._lane_cursor = AsyncRawCursor(self._lane, row_factory=tuple_row)
        if row is None:
            raise StoreError(
                "The PostgreSQL store has no instance secret; its first migration failed."
            )
        self._secret = bytes.fromhex(row["secret"])
        self._pool = pool

    async def close(self) -> None:
        await self._feed.aclose()
        if self._notifier is not None:
            await self._notifier
        if self._lane is not None:
            await self._lane.close()
            self._lane = None
        if self._pool is not None:
            await self._pool.close()
            self._pool = None
        self._secret = None

    async def _one(self, sql: str, params: Any = None) -> dict[str, Any] | None:
        """One statement, one round trip."""
        if self._pool is None:
            raise StoreError("The run store is not open; use `async with` or await open() first.")
        self.round_trips += 1
        async with self._pool.connection() as conn:
            cursor = await conn.execute(sql, params)
            return await cursor.fetchone()  # type: ignore[no-any-return]

    async def _all(self, sql: str, params: Any = None) -> list[dict[str, Any]]:
        if self._pool is None:
            raise StoreError("The run store is not open; use `async with` or await open() first.")
        self.round_trips += 1
        async with self._pool.connection() as conn:
            cursor = await conn.execute(sql, params)
            return await cursor.fetchall()  # type: ignore[no-any-return]

    async def _value(self, sql: str, params: Any = None) -> Any:
        """One value of one statement: the run's reads, on the lane when it is free."""
        return await self._on_lane(lambda conn, cursor: _first(conn, sql, params))

    async def _transaction(self, sql: str, payload: str) -> Any:
        """A run transaction (apply, claim): the lane's own raw cursor when it is free."""
        prepare = self._prepare
        return await self._on_lane(lambda conn, cursor: _call_raw(cursor, sql, payload, prepare))

    async def _on_lane(self, work: Callable[[Any, Any], Awaitable[T]]) -> T:
        """One round trip on the lane (its connection and raw cursor), or on a pooled one."""
        if self._pool is None:
            raise StoreError("The run store is not open; use `async with` or await open() first.")
        self.round_trips += 1
        lane = self._lane
        if lane is None or lane.closed or self._lane_busy:
            async with self._pool.connection() as conn:
                return await work(conn, AsyncRawCursor(conn, row_factory=tuple_row))
        self._lane_busy = True
        try:
            return await work(lane, self._lane_cursor)
        except psycopg.OperationalError:
            # A lane that broke is dropped; the pool serves until the store is opened again.
            self._lane = None
            await lane.close()
            raise
        finally:
            self._lane_busy = False

    async def schema_version(self) -> int:
        return int(await self._value("SELECT count(*) AS n FROM stalwart_migrations"))

    async def load(self, run: str) -> RunSnapshot | None:
        return _snapshot(await self._value("SELECT stalwart_snapshot(%s) AS s", (run,)))

    async def latest_run(self, thread: str) -> str | None:
        value = await self._value("SELECT current_run FROM threads WHERE id = %s", (thread,))
        return None if value is None else str(value)

    async def acquire(self, run: str, lease: str, lease_seconds: float) -> RunSnapshot | None:
        return _snapshot(
            await self._value(
                "SELECT stalwart_acquire(%s, %s, %s) AS s", (run, lease, lease_seconds)
            )
        )

    async def take_over(self, run: str, lease: str, lease_seconds: float) -> RunSnapshot | None:
        return _snapshot(await self._value(_TAKE_OVER, (lease, lease_seconds, run)))

    async def acquire_to_stop(
        self, run: str, lease: str, lease_seconds: float, why: str, text: str | None = None
    ) -> RunSnapshot | None:
        return _snapshot(
            await self._value(
                "SELECT stalwart_acquire_to_stop(%s, %s, %s, %s, %s) AS s",
                (run, lease, lease_seconds, why, text),
            )
        )

    async def renew(self, run: str, lease: str, lease_seconds: float) -> None:
        if not await self._value(
            "SELECT stalwart_renew(%s, %s, %s) AS ok", (run, lease, lease_seconds)
        ):
            raise LeaseLost(run)

    async def apply(  # noqa: PLR0913 - RunStore.apply's contract
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
        outbox: float | None = None,
    ) -> ApplyResult:
        batch = {
            "durable": durable,
            "create": create,
            "run": run,
            "lease": lease,
            "lease_seconds": lease_seconds,
            "release": release,
            "expect_version": expect_version,
            "state": changes.run_state,
            "saga": changes.saga,
            "reply": changes.reply,
            "journal": changes.journal,
            "pauses": changes.pauses,
            "close": changes.close,
            "events": changes.events,
            "messages": changes.messages,
            "outbox": outbox,
        }
        found = await self._transaction("SELECT stalwart_apply($1::jsonb)", dumps(batch))
        if "conflict" in found:
            raise RunConflict(create["thread"] if create else "", found["conflict"])
        if found["lost"]:
            raise LeaseLost(run)
        if found.get("notify"):
            self._notify_after(found["notify"])
        return ApplyResult(found["version"], found["released"], found["current"])

    async def claim(  # noqa: PLR0913 - RunStore.claim's contract
        self,
        thread: str,
        pause: str,
        token: str,
        decision: str,
        value: Any,
        by: str | None,
        lease: str,
        lease_seconds: float,
        *,
        channel: str = "desk",
        staff: bool = False,
    ) -> ClaimResult:
        found = await self._transaction(
            "SELECT stalwart_claim($1::jsonb)",
            dumps(
                {
                    "thread": thread,
                    "pause": pause,
                    "token": token,
                    "decision": decision,
                    "value": value,
                    "by": by,
                    "channel": channel,
                    "staff": staff,
                    "lease": lease,
                    "lease_seconds": lease_seconds,
                }
            ),
        )
        if found["status"] == "ok":
            self._notify_after(thread)
        return ClaimResult(
            found["status"],
            StaleReason(found["why"]) if "why" in found else "",
            found.get("kind"),
            list(found.get("choices") or []),
            bool(found.get("leased")),
            found.get("sent_step"),
            _snapshot(found.get("snapshot")),
        )

    async def expired(self, limit: int = 100) -> list[str]:
        rows = await self._all(
            "SELECT id FROM runs WHERE lease IS NOT NULL AND lease_until < stalwart_now() "
            "ORDER BY lease_until LIMIT %s",
            (limit,),
        )
        return [row["id"] for row in rows]

    async def due_pauses(self, now: float, limit: int = 100) -> list[PauseRecord]:
        rows = await self._all(
            "SELECT * FROM pauses WHERE state = 'open' AND expires_at <= %s "
            "ORDER BY expires_at LIMIT %s",
            (now, limit),
        )
        return [pause_record(row, _same) for row in rows]

    async def open_pauses(self, thread: str) -> list[PauseRecord]:
        rows = await self._all(
            "SELECT * FROM pauses WHERE thread = %s AND state = 'open' "
            "ORDER BY created_at, step, id",
            (thread,),
        )
        return [pause_record(row, _same) for row in rows]

    async def pause(self, pause: str) -> PauseRecord | None:
        row = await self._one("SELECT * FROM pauses WHERE id = %s", (pause,))
        return None if row is None else pause_record(row, _same)

    async def thread_exists(self, thread: str) -> bool:
        return await self._one("SELECT 1 AS one FROM threads WHERE id = %s", (thread,)) is not None

    async def events(self, thread: str, after: int = 0, limit: int = 1000) -> list[EventRecord]:
        rows = await self._all(
            "SELECT * FROM events WHERE thread = %s AND seq > %s ORDER BY seq LIMIT %s",
            (thread, after, limit),
        )
        return [event_record(row, _same) for row in rows]

    def _notify_after(self, thread: str) -> None:
        """Wake the thread's listeners on every worker, now that its durable commit is in.

        Not awaited, so it costs the caller no round trip. Threads that commit while a notice
        is on its way go out together in the next one. A notice that fails is made up for by
        the listeners' one-second re-read.
        """
        self._unsent.add(thread)
        if self._notifier is None or self._notifier.done():
            self._notifier = asyncio.create_task(self._notify())

    async def _notify(self) -> None:
        while self._unsent and self._pool is not None:
            threads, self._unsent = sorted(self._unsent), set()
            with contextlib.suppress(psycopg.Error):
                async with self._pool.connection() as conn:
                    await conn.execute(_NOTIFY, (threads,), prepare=self._prepare)

    async def _listen_forever(self) -> None:
        """One LISTEN connection for the whole store; it wakes the followers of the thread named.

        Each (re)connection wakes every follower, so what was stored while it was down is read.
        Behind a transaction pooler with no direct address, it looks every `poll_seconds`.
        """
        listen = self.address.listen_url
        if listen is None:
            await self._poll_forever()
            return
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                    listen, autocommit=True, **self._connect_options
                ) as conn:
                    await conn.execute(f"LISTEN {_CHANNEL}")
                    self._feed.wake_all()
                    while True:
                        async for note in conn.notifies(timeout=self.relisten_seconds):
                            self._feed.wake(note.payload)
                        await self._look(conn)
            except psycopg.Error:
                self._feed.wake_all()
                await asyncio.sleep(self.relisten_seconds)

    async def _poll_forever(self) -> None:
        """The feed's threads looked at every `poll_seconds`, on a pooled connection."""
        if self._pool is None:
            raise StoreError("The run store is not open; use `async with` or await open() first.")
        self._feed.wake_all()
        while True:
            with contextlib.suppress(psycopg.Error):
                if self._feed.threads:
                    async with self._pool.connection() as conn:
                        await self._look(conn)
            await asyncio.sleep(self.poll_seconds)

    async def _look(self, conn: Any) -> None:
        """Tell the feed where its threads stand: a notice sent after a commit may be lost."""
        threads = self._feed.threads
        if threads:
            # Tuples, whatever the connection's own rows: a pooled one gives dicts.
            async with conn.cursor(row_factory=tuple_row) as cursor:
                await cursor.execute(_LAST_SEQ, (threads,), prepare=self._prepare)
                for thread, last_seq in await cursor.fetchall():
                    self._feed.moved(thread, last_seq)
