"""Every answer is recorded with its claim: the decision, when, the channel and who; both stores."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from contextlib import closing

import pytest

from stalwart_agents.ids import new_id
from stalwart_agents.store._base import RunStore
from stalwart_agents.store._records import DoorDecision
from stalwart_agents.store.postgres import _migrations as postgres
from stalwart_agents.store.sqlite import _migrations as sqlite
from tests.unit.store.test_store_conformance import Stores, waiting_run


async def test_a_claim_records_the_decision_its_channel_and_who_gave_it(
    run_store: RunStore,
) -> None:
    run = await waiting_run(run_store)
    before = time.time()
    await run_store.claim(
        "t-1", f"{run['id']}-0", "tok", "skip", None, "3f9c0a1b2c3d", "l", 30, channel="chat"
    )
    [decision] = await run_store.decisions("t-1")
    assert before - 1 <= decision.pop("at") <= time.time() + 1
    assert decision == {
        "interrupt": f"{run['id']}-0",
        "kind": "confirm",
        "step": 0,
        "decision": "skip",
        "channel": "chat",
        "by": "3f9c0a1b2c3d",
        "staff": False,
    }


async def test_the_answer_event_carries_the_channel_and_the_staff_standing(
    run_store: RunStore,
) -> None:
    run = await waiting_run(run_store)
    await run_store.claim(
        "t-1", f"{run['id']}-0", "tok", "approve", None, "ab12", "l", 30, channel="api", staff=True
    )
    [answer] = [e["data"] for e in await run_store.events("t-1") if e["type"] == "answer"]
    assert (answer["channel"], answer["by"], answer["staff"]) == ("api", "ab12", True)


async def test_decisions_are_listed_oldest_first_and_only_for_their_thread(
    run_store: RunStore,
) -> None:
    run = await waiting_run(run_store, pauses=3)
    other = await waiting_run(run_store, thread="t-2")
    for n, channel in ((2, "webhook"), (0, "desk"), (1, "expiry")):
        await run_store.claim(
            "t-1", f"{run['id']}-{n}", "tok", "skip", None, None, new_id(), 30, channel=channel
        )
    await run_store.claim("t-2", f"{other['id']}-0", "tok", "skip", None, None, "l", 30)
    listed = await run_store.decisions("t-1")
    assert [(d["interrupt"][-1], d["channel"]) for d in listed] == [
        ("2", "webhook"),
        ("0", "desk"),
        ("1", "expiry"),
    ]
    assert [d["at"] for d in listed] == sorted(d["at"] for d in listed)


async def test_of_answers_racing_on_two_workers_one_decision_is_recorded(
    new_store: Stores,
) -> None:
    stores = [new_store() for _ in range(2)]
    for store in stores:
        await store.open()
    try:
        run = await waiting_run(stores[0])
        pause = f"{run['id']}-0"
        outcomes = await asyncio.gather(
            *(
                store.claim(
                    "t-1", pause, "tok", decision, None, f"w{n}", new_id(), 30, channel="api"
                )
                for n, store in enumerate(stores)
                for decision in ("approve", "skip", "cancel_all")
            )
        )
        [won] = [n for n, outcome in enumerate(outcomes) if outcome.status == "ok"]
        [decision] = await stores[1].decisions("t-1")
        assert (decision["decision"], decision["by"]) == (
            ("approve", "skip", "cancel_all")[won % 3],
            f"w{won // 3}",
        )
    finally:
        for store in stores:
            await store.close()


async def test_a_door_claim_with_its_thread_is_among_the_thread_decisions(
    run_store: RunStore,
) -> None:
    await waiting_run(run_store)
    decided = DoorDecision(thread="t-1", kind="ask", step=2, channel="door", staff=False)
    assert await run_store.claim_external(
        "langgraph", "g-1", "tok", "answer", None, 7, decided=decided
    )
    assert await run_store.claim_external("langgraph", "g-2", "tok", "approve", None)
    listed = await run_store.decisions("t-1")
    assert [(d["interrupt"], d["kind"], d["step"], d["channel"]) for d in listed] == [
        ("g-1", "ask", 2, "door")
    ]


async def test_a_stale_claim_records_no_decision(run_store: RunStore) -> None:
    run = await waiting_run(run_store)
    claim = await run_store.claim("t-1", f"{run['id']}-0", "nope", "approve", None, None, "l", 30)
    assert claim.status == "stale"
    assert await run_store.decisions("t-1") == []


def answered_the_old_way(store_url: str, pause: str, by: str, at: float) -> None:
    """An answer as a store before the upgrade kept it: `by` the raw session, and no channel."""
    sql = "UPDATE pauses SET state = 'answered', decision = 'skip', answered_by = {p}, "
    sql += "answered_at = {p} WHERE id = {p}"
    if store_url.endswith(".db"):
        with closing(sqlite3.connect(store_url)) as db, db:
            db.execute(sql.format(p="?"), (by, at, pause))
        return
    import psycopg

    with psycopg.connect(store_url, autocommit=True) as conn:
        conn.execute(sql.format(p="%s"), (by, at, pause))


async def test_answers_from_before_the_upgrade_read_api_or_expiry_and_keep_no_session(
    new_store: Stores, store_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with monkeypatch.context() as older:
        older.setattr(postgres, "POSTGRES_MIGRATIONS", postgres.POSTGRES_MIGRATIONS[:-1])
        older.setattr(sqlite, "SQLITE_MIGRATIONS", sqlite.SQLITE_MIGRATIONS[:-1])
        async with new_store() as before:
            run = await waiting_run(before, pauses=2)
    answered_the_old_way(store_url, f"{run['id']}-0", "a-raw-session-secret", 1000.0)
    answered_the_old_way(store_url, f"{run['id']}-1", "expiry", 2000.0)
    async with new_store() as after:
        listed = await after.decisions("t-1")
    assert [(d["channel"], d["by"], d["staff"]) for d in listed] == [
        ("api", None, False),
        ("expiry", "expiry", False),
    ]
