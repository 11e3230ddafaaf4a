"""Each of a claim's two guards refuses a second answer on its own, on SQLite and PostgreSQL.

The store checks that the pause is still open, and the claims table lets only its first writer
in. A pause answered once trips both, so each guard gets a case only it can refuse.
"""

from __future__ import annotations

import asyncio
import sqlite3
import time
from typing import TYPE_CHECKING, Any

import pytest

from stalwart_agents.ids import new_id
from stalwart_agents.store._base import RunStore
from stalwart_agents.store._claims import first_writer
from stalwart_agents.store._records import Changes
from tests.unit.store.test_store_conformance import waiting_run

if TYPE_CHECKING:
    from psycopg import AsyncConnection


async def test_a_pause_closed_unanswered_takes_no_answer(run_store: RunStore) -> None:
    run = await waiting_run(run_store)
    pause = f"{run['id']}-0"
    assert await run_store.acquire(run["id"], "mine", 30) is not None
    await run_store.apply(run["id"], "mine", Changes(close=[pause]), lease_seconds=30, release=True)
    claim = await run_store.claim("t-1", pause, "tok", "approve", None, "me", new_id(), 30)
    assert (claim.status, claim.why) == ("stale", "it is closed already")
    closed = await run_store.pause(pause)
    assert closed is not None and (closed["state"], closed["decision"]) == ("closed", None)
    assert [e["type"] for e in await run_store.events("t-1")] == ["turn"]


def record_claim(store_url: str, pause: str) -> None:
    """Another writer's claim, recorded while the pause still reads as open to this one."""
    row = (pause, "skip", "other", time.time())
    if store_url.endswith(".db"):
        with sqlite3.connect(store_url) as db:
            db.execute("INSERT INTO claims VALUES (?, ?, ?, ?)", row)
        return
    import psycopg

    with psycopg.connect(store_url, autocommit=True) as conn:
        conn.execute(
            "INSERT INTO claims (pause, decision, claimed_by, claimed_at) VALUES (%s, %s, %s, %s)",
            row,
        )


async def test_a_pause_claimed_by_another_writer_takes_no_answer(
    run_store: RunStore, store_url: str
) -> None:
    run = await waiting_run(run_store)
    pause = f"{run['id']}-0"
    record_claim(store_url, pause)
    claim = await run_store.claim("t-1", pause, "tok", "approve", None, "me", new_id(), 30)
    assert (claim.status, claim.why) == ("stale", "another answer claimed it first")
    waiting = await run_store.pause(pause)
    assert waiting is not None and (waiting["state"], waiting["decision"]) == ("open", None)
    assert [e["type"] for e in await run_store.events("t-1")] == ["turn"]


async def blocked_on_claims(conn: AsyncConnection[Any], count: int) -> None:
    """Until `count` transactions wait for the lock on the claims table."""
    while True:
        cursor = await conn.execute(
            "SELECT count(*) FROM pg_locks WHERE NOT granted AND relation = 'claims'::regclass"
        )
        row = await cursor.fetchone()
        if row is not None and row[0] >= count:
            return
        await asyncio.sleep(0.01)


DECISIONS = ("approve", "skip")


@pytest.mark.postgres
async def test_two_claims_that_both_saw_the_pause_open_have_one_winner(postgres_url: str) -> None:
    import psycopg

    from stalwart_agents.store.postgres import PostgresRunStore

    stores = [PostgresRunStore(postgres_url) for _ in range(3)]
    for store in stores:
        await store.open()
    try:
        run = await waiting_run(stores[0])
        pause = f"{run['id']}-0"
        async with await psycopg.AsyncConnection.connect(postgres_url) as holder:
            # Both claims read the pause as open, then queue at the claims table behind this lock.
            await holder.execute("LOCK TABLE claims IN EXCLUSIVE MODE")
            claims = [
                asyncio.create_task(
                    store.claim("t-1", pause, "tok", decision, None, decision, new_id(), 30)
                )
                for store, decision in zip(stores[1:], DECISIONS, strict=True)
            ]
            await asyncio.wait_for(blocked_on_claims(holder, 2), 10)
            await holder.commit()
        outcomes = await asyncio.gather(*claims)
        assert sorted((c.status, c.why) for c in outcomes) == [
            ("ok", ""),
            ("stale", "another answer claimed it first"),
        ]
        [won] = [d for d, c in zip(DECISIONS, outcomes, strict=True) if c.status == "ok"]
        answered = await stores[0].pause(pause)
        assert answered is not None and (answered["state"], answered["decision"]) == (
            "answered",
            won,
        )
        answers = [e for e in await stores[0].events("t-1") if e["type"] == "answer"]
        assert len(answers) == 1
    finally:
        for store in stores:
            await store.close()


async def test_a_stop_closes_the_open_pauses_so_a_later_answer_is_stale(
    run_store: RunStore,
) -> None:
    run = await waiting_run(run_store, pauses=2)
    stopped = await run_store.acquire_to_stop(run["id"], "stopper", 30, "correction")
    assert stopped is not None and stopped.run["lease"] == "stopper"
    assert [p["state"] for p in stopped.pauses] == ["closed", "closed"]
    claim = await run_store.claim("t-1", f"{run['id']}-0", "tok", "approve", None, "me", "m", 30)
    assert claim.status == "stale"
    assert [e["type"] for e in await run_store.events("t-1")] == ["turn"]


async def test_a_stop_closes_the_pauses_even_while_another_worker_holds_the_run(
    run_store: RunStore,
) -> None:
    run = await waiting_run(run_store)
    assert await run_store.acquire(run["id"], "busy", 30) is not None
    assert await run_store.acquire_to_stop(run["id"], "stopper", 30, "correction") is None
    closed = await run_store.pause(f"{run['id']}-0")
    assert closed is not None and closed["state"] == "closed"


async def test_an_answer_claimed_before_a_stop_keeps_its_pause_and_the_run(
    run_store: RunStore,
) -> None:
    run = await waiting_run(run_store, pauses=2)
    claim = await run_store.claim("t-1", f"{run['id']}-0", "tok", "approve", None, "me", "me", 30)
    assert (claim.status, claim.leased) == ("ok", True)
    assert await run_store.acquire_to_stop(run["id"], "stopper", 30, "correction") is None
    answered, other = (
        await run_store.pause(f"{run['id']}-0"),
        await run_store.pause(f"{run['id']}-1"),
    )
    assert answered is not None and answered["state"] == "answered"
    assert other is not None and other["state"] == "closed"


async def test_a_stop_leaves_the_pauses_of_a_run_that_is_undoing(run_store: RunStore) -> None:
    run = await waiting_run(run_store)
    assert await run_store.acquire(run["id"], "undoer", 30) is not None
    await run_store.apply(
        run["id"], "undoer", Changes(saga="cancel_all"), lease_seconds=30, release=True
    )
    stopped = await run_store.acquire_to_stop(run["id"], "stopper", 30, "rollback")
    assert stopped is not None and [p["state"] for p in stopped.pauses] == ["open"]


async def test_a_stop_is_kept_with_the_run_as_it_takes_the_lease(run_store: RunStore) -> None:
    run = await waiting_run(run_store)
    stopped = await run_store.acquire_to_stop(run["id"], "stopper", 30, "correction", "make it 3")
    assert stopped is not None and stopped.run["stop"] == {"why": "correction", "text": "make it 3"}
    loaded = await run_store.load(run["id"])
    assert loaded is not None and loaded.run["stop"] == {"why": "correction", "text": "make it 3"}


async def test_a_stop_that_cannot_take_the_lease_keeps_nothing(run_store: RunStore) -> None:
    run = await waiting_run(run_store)
    assert await run_store.acquire(run["id"], "busy", 30) is not None
    assert await run_store.acquire_to_stop(run["id"], "stopper", 30, "rollback") is None
    loaded = await run_store.load(run["id"])
    assert loaded is not None and loaded.run["stop"] is None


async def test_a_run_that_undoes_already_keeps_its_own_stop(run_store: RunStore) -> None:
    run = await waiting_run(run_store)
    assert await run_store.acquire_to_stop(run["id"], "first", 30, "correction", "a") is not None
    await run_store.apply(
        run["id"], "first", Changes(saga="correction"), lease_seconds=30, release=True
    )
    stopped = await run_store.acquire_to_stop(run["id"], "second", 30, "rollback")
    assert stopped is not None and stopped.run["stop"] == {"why": "correction", "text": "a"}


def test_a_claim_statement_must_return_its_key() -> None:
    with pytest.raises(ValueError, match=r"key columns \['pause'\]"):
        first_writer("claims", {"decision": "?"}, ("pause",))
