"""Live events through each store's Feed: one watcher per worker, one read per event a thread."""

from __future__ import annotations

import asyncio
import statistics
import time
from collections.abc import AsyncIterator

import psycopg
import pytest

from stalwart_agents.errors import StoreError
from stalwart_agents.store._base import RunStore
from stalwart_agents.store._records import Changes, EventRecord, RunRecord
from stalwart_agents.store.postgres import PostgresRunStore

from .test_store_conformance import Stores, waiting_run

FOLLOWERS = 50


async def next_id(events: AsyncIterator[EventRecord]) -> int:
    return (await asyncio.wait_for(anext(events), 5))["id"]


async def waiting(*streams: AsyncIterator[EventRecord]) -> list[asyncio.Task[int]]:
    """Each stream's next event, asked for now: the streams read, find nothing, and sleep."""
    tasks = [asyncio.create_task(next_id(events)) for events in streams]
    await asyncio.sleep(0.2)
    assert not any(task.done() for task in tasks)
    return tasks


async def append(store: RunStore, run: RunRecord, lease: str) -> None:
    """One event, appended as another worker that takes the run does."""
    assert await store.acquire(run["id"], lease, 30) is not None
    await store.apply(
        run["id"], lease, Changes(events=[("reply", {})]), lease_seconds=30, release=True
    )


async def test_the_streams_of_one_thread_share_one_read_an_event(
    run_store: RunStore, new_store: Stores
) -> None:
    run = await waiting_run(run_store)
    followers = [run_store.listen("t-1") for _ in range(FOLLOWERS)]
    assert await asyncio.gather(*(next_id(events) for events in followers)) == [1] * FOLLOWERS
    async with new_store() as other:
        feed = run_store._feed  # type: ignore[attr-defined]
        before = feed.reads("t-1")
        arrived = await waiting(*followers)
        await append(other, run, "w2")
        assert await asyncio.gather(*arrived) == [2] * FOLLOWERS
    # The read that found the event, and at most one that found nothing before it: never one
    # a follower.
    assert feed.reads("t-1") - before <= 2
    for events in followers:
        await events.aclose()  # type: ignore[attr-defined]


async def test_another_workers_events_arrive_without_waiting_a_second(
    run_store: RunStore, new_store: Stores
) -> None:
    run = await waiting_run(run_store)
    events = run_store.listen("t-1")
    assert await next_id(events) == 1
    delays = []
    async with new_store() as other:
        for n in range(10):
            [arrived] = await waiting(events)
            started = time.monotonic()
            await append(other, run, f"w{n}")
            assert await arrived == n + 2
            delays.append(time.monotonic() - started)
    # A poll per stream would have a second to wait between looks; the store's watcher is
    # woken by NOTIFY (PostgreSQL) or looks every poll_seconds (SQLite).
    assert statistics.median(delays) < 0.25
    await events.aclose()  # type: ignore[attr-defined]


async def test_a_stream_that_goes_away_frees_its_thread(run_store: RunStore) -> None:
    await waiting_run(run_store)
    events = run_store.listen("t-1")
    assert await next_id(events) == 1
    assert run_store._feed.threads == ["t-1"]  # type: ignore[attr-defined]
    await events.aclose()  # type: ignore[attr-defined]
    assert run_store._feed.threads == []  # type: ignore[attr-defined]


async def test_a_stream_ends_when_its_store_closes(new_store: Stores) -> None:
    store = new_store()
    await store.open()
    await waiting_run(store)
    events = store.listen("t-1")
    assert await next_id(events) == 1
    [arrived] = await waiting(events)
    await store.close()
    with pytest.raises(StoreError):
        await arrived


def drop_listener(dsn: str) -> int:
    """Terminate the store's LISTEN connection, as a failover or an idle timeout would."""
    with psycopg.connect(dsn, autocommit=True) as conn:
        dropped = conn.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE datname = current_database() AND query = 'LISTEN stalwart_events'"
        ).fetchall()
    return len(dropped)


@pytest.mark.postgres
async def test_a_stream_gets_events_when_the_notifier_connection_drops_and_comes_back(
    postgres_url: str,
) -> None:
    async with PostgresRunStore(postgres_url) as store, PostgresRunStore(postgres_url) as other:
        store.relisten_seconds = 0.5
        run = await waiting_run(store)
        events = store.listen("t-1")
        assert await next_id(events) == 1
        [arrived] = await waiting(events)
        assert await asyncio.to_thread(drop_listener, postgres_url) == 1
        # Appended while nobody listens: read when the listener is back.
        await append(other, run, "w2")
        assert await arrived == 2
        # And NOTIFY is heard again.
        [arrived] = await waiting(events)
        await append(other, run, "w3")
        assert await arrived == 3
        await events.aclose()  # type: ignore[attr-defined]


@pytest.mark.postgres
async def test_a_stream_gets_an_event_whose_notice_was_lost(postgres_url: str) -> None:
    async with PostgresRunStore(postgres_url) as store, PostgresRunStore(postgres_url) as other:
        store.relisten_seconds = 0.5
        run = await waiting_run(store)
        events = store.listen("t-1")
        assert await next_id(events) == 1
        [arrived] = await waiting(events)
        # The other worker's notice, sent after its commit, never goes out.
        other._notify_after = lambda thread: None  # type: ignore[method-assign]
        await append(other, run, "w2")
        assert await arrived == 2
        await events.aclose()  # type: ignore[attr-defined]


@pytest.mark.postgres
async def test_threads_that_commit_together_each_get_their_notice(postgres_url: str) -> None:
    async with PostgresRunStore(postgres_url) as store, PostgresRunStore(postgres_url) as other:
        # No look at the last event numbers in the test's time: only a notice wakes a stream.
        store.relisten_seconds = 60
        threads = [f"t-{number}" for number in range(12)]
        runs = [await waiting_run(store, thread) for thread in threads]
        streams = [store.listen(thread) for thread in threads]
        assert [await next_id(events) for events in streams] == [1] * len(threads)
        arrived = await waiting(*streams)
        await asyncio.gather(*(append(other, run, f"w-{n}") for n, run in enumerate(runs)))
        assert await asyncio.gather(*arrived) == [2] * len(threads)
        for events in streams:
            await events.aclose()  # type: ignore[attr-defined]
