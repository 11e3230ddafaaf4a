"""One suite for every run store: what the engine relies on, checked on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from stalwart_agents.errors import LeaseLost, RunConflict
from stalwart_agents.ids import new_id
from stalwart_agents.store._base import RunStore
from stalwart_agents.store._records import (
    Changes,
    MessageRecord,
    PairingUse,
    PauseRecord,
    RunRecord,
    RunSnapshot,
    StaleReason,
)
from stalwart_agents.store.postgres import _migrations as postgres
from stalwart_agents.store.sqlite import _migrations as sqlite

Stores = Callable[..., RunStore]


def a_run(thread: str = "t-1", lease: str = "lease-1") -> RunRecord:
    return RunRecord(
        id=new_id(),
        thread=thread,
        agent="shop",
        state="running",
        saga=None,
        version=1,
        lease=lease,
        lease_until=None,
        turn={"text": "hi"},
        reply=None,
    )


def a_pause(run: RunRecord, ident: str = "p-1", token: str = "tok") -> PauseRecord:
    return PauseRecord(
        id=ident,
        thread=run["thread"],
        run=run["id"],
        step=0,
        kind="confirm",
        state="open",
        token=token,
        sends="approve",
        choices=["approve", "skip", "cancel_all"],
        interrupt={"id": ident},
        decision=None,
        value=None,
        answered_by=None,
    )


async def create(store: RunStore, run: RunRecord, changes: Changes, **options: Any) -> None:
    """Store a new run with its first changes, as a turn does."""
    options.setdefault("lease_seconds", 30)
    await store.apply(run["id"], run["lease"] or "", changes, create=run, **options)


async def waiting_run(store: RunStore, thread: str = "t-1", pauses: int = 1) -> RunRecord:
    """A run that paused and let go of its lease, as the engine leaves one."""
    run = a_run(thread)
    changes = Changes(
        run_state="waiting",
        events=[("turn", {"text": "hi"})],
        pauses=[a_pause(run, f"{run['id']}-{n}") for n in range(pauses)],
    )
    await create(store, run, changes, release=True)
    return run


async def test_the_instance_secret_is_made_once_and_kept(new_store: Stores) -> None:
    async with new_store() as first:
        secret = first.secret
    async with new_store() as again:
        assert again.secret == secret
    assert len(secret) == 32


async def test_two_stores_have_different_secrets(
    run_store: RunStore, new_store: Stores, tmp_path: Path
) -> None:
    async with new_store(str(tmp_path / "other.db")) as other:
        assert other.secret != run_store.secret


async def test_a_thread_with_a_run_going_forward_takes_no_new_run(run_store: RunStore) -> None:
    first = await waiting_run(run_store)
    second = a_run()
    with pytest.raises(RunConflict) as conflict:
        await create(run_store, second, Changes(events=[("turn", {})]))
    assert conflict.value.active == first["id"]
    assert await run_store.load(second["id"]) is None
    assert [e["id"] for e in await run_store.events("t-1")] == [1]


async def test_a_thread_whose_run_ended_takes_a_new_run(run_store: RunStore) -> None:
    first = a_run()
    await create(run_store, first, Changes(run_state="done"), release=True)
    second = a_run()
    await create(run_store, second, Changes())
    assert await run_store.latest_run("t-1") == second["id"]


async def test_the_first_claim_wins_and_the_others_change_nothing(new_store: Stores) -> None:
    stores = [new_store() for _ in range(6)]
    for store in stores:
        await store.open()
    try:
        run = await waiting_run(stores[0])
        pause = f"{run['id']}-0"
        outcomes = await asyncio.gather(
            *(
                store.claim("t-1", pause, "tok", "approve", None, f"w{n}", new_id(), 30)
                for n, store in enumerate(stores)
                for _ in range(3)
            )
        )
        assert sorted(outcome.status for outcome in outcomes) == ["ok"] + ["stale"] * 17
        answers = [e for e in await stores[0].events("t-1") if e["type"] == "answer"]
        assert len(answers) == 1
    finally:
        for store in stores:
            await store.close()


async def test_of_many_claims_at_once_on_two_workers_one_wins_every_time(
    new_store: Stores,
) -> None:
    # Claims queued together share a transaction on SQLite: the race, run many times.
    stores = [new_store(), new_store()]
    for store in stores:
        await store.open()
    try:
        for round_ in range(20):
            thread = f"t-{round_}"
            run = await waiting_run(stores[0], thread)
            pause = f"{run['id']}-0"
            outcomes = await asyncio.gather(
                *(
                    store.claim(thread, pause, "tok", "approve", None, f"w{n}", new_id(), 30)
                    for n in range(8)
                    for store in stores
                )
            )
            assert sorted(outcome.status for outcome in outcomes) == ["ok"] + ["stale"] * 15
            answers = [e for e in await stores[1].events(thread) if e["type"] == "answer"]
            assert len(answers) == 1
    finally:
        for store in stores:
            await store.close()


async def test_a_claim_with_another_token_is_stale_and_leaves_the_pause_open(
    run_store: RunStore,
) -> None:
    run = await waiting_run(run_store)
    claim = await run_store.claim("t-1", f"{run['id']}-0", "nope", "approve", None, None, "l", 30)
    assert (claim.status, claim.why) == ("stale", "the token is not the one shown")
    assert [p["state"] for p in await run_store.open_pauses("t-1")] == ["open"]


async def test_a_stale_claim_says_why_in_the_same_words_on_every_store(
    run_store: RunStore,
) -> None:
    run = await waiting_run(run_store, pauses=2)
    first, second = f"{run['id']}-0", f"{run['id']}-1"

    async def answer(thread: str, pause: str, decision: str = "approve") -> tuple[str, str]:
        claim = await run_store.claim(thread, pause, "tok", decision, None, None, "l", 30)
        return claim.status, claim.why

    assert await answer("t-2", first) == ("stale", StaleReason.NO_SUCH_PAUSE)
    assert await answer("t-1", first, "maybe") == ("bad_decision", "")
    assert await answer("t-1", first) == ("ok", "")
    assert await answer("t-1", first) == ("stale", StaleReason.ANSWERED)
    await run_store.apply(run["id"], "l", Changes(close=[second]), lease_seconds=30)
    assert await answer("t-1", second) == ("stale", StaleReason.CLOSED)


async def test_a_claim_takes_the_lease_marks_the_call_sent_and_returns_the_run(
    run_store: RunStore,
) -> None:
    run = a_run()
    entry: Any = {
        "step": 0,
        "tool": "charge_card",
        "status": "waiting",
        "attempt": 0,
        "args": [],
        "result": None,
        "error": None,
        "write": True,
        "finished": None,
        "undo": None,
        "undo_status": None,
        "undo_error": None,
        "stuck_pause": None,
        "because": None,
    }
    changes = Changes(run_state="waiting", journal=[entry], pauses=[a_pause(run)])
    await create(run_store, run, changes, release=True)
    claim = await run_store.claim("t-1", "p-1", "tok", "approve", None, "me", "lease-2", 30)
    assert (claim.status, claim.leased, claim.sent_step) == ("ok", True, 0)
    assert isinstance(claim.snapshot, RunSnapshot)
    assert claim.snapshot.journal[0]["status"] == "sent"
    assert claim.snapshot.run["lease"] == "lease-2"


async def test_the_run_a_claim_hands_back_is_the_run_as_stored(run_store: RunStore) -> None:
    run = await waiting_run(run_store, pauses=3)
    answered = f"{run['id']}-1"
    value = {"note": ("kept", 2)}
    claim = await run_store.claim("t-1", answered, "tok", "skip", value, "me", "lease-2", 30)
    assert claim.leased and claim.snapshot is not None
    assert claim.snapshot == await run_store.load(run["id"])
    assert [p["state"] for p in claim.snapshot.pauses] == ["open", "answered", "open"]
    assert claim.snapshot.pauses[1]["value"] == {"note": ["kept", 2]}


async def test_a_claim_while_another_worker_holds_the_run_records_the_answer_only(
    run_store: RunStore,
) -> None:
    run = await waiting_run(run_store, pauses=2)
    assert await run_store.acquire(run["id"], "busy", 30) is not None
    claim = await run_store.claim("t-1", f"{run['id']}-1", "tok", "skip", None, None, "me", 30)
    assert (claim.status, claim.leased, claim.snapshot) == ("ok", False, None)
    answered = await run_store.pause(f"{run['id']}-1")
    assert answered is not None and (answered["state"], answered["decision"]) == (
        "answered",
        "skip",
    )


async def test_a_change_without_the_lease_is_refused(run_store: RunStore) -> None:
    run = await waiting_run(run_store)
    with pytest.raises(LeaseLost):
        await run_store.apply(run["id"], "not-mine", Changes(run_state="done"), lease_seconds=30)


async def test_the_lease_is_kept_when_an_answer_arrived_since_the_version_seen(
    run_store: RunStore,
) -> None:
    run = await waiting_run(run_store, pauses=2)
    held = await run_store.acquire(run["id"], "mine", 30)
    assert held is not None
    await run_store.claim("t-1", f"{run['id']}-1", "tok", "approve", None, None, "other", 30)
    result = await run_store.apply(
        run["id"],
        "mine",
        Changes(),
        lease_seconds=30,
        release=True,
        expect_version=held.run["version"],
    )
    assert (result.released, result.current) == (False, False)
    again = await run_store.apply(
        run["id"], "mine", Changes(), lease_seconds=30, release=True, expect_version=result.version
    )
    assert again.released


async def test_an_expired_lease_can_be_taken_over(run_store: RunStore) -> None:
    run = a_run()
    await create(run_store, run, Changes(), lease_seconds=1.0)
    assert await run_store.acquire(run["id"], "other", 30) is None
    await asyncio.sleep(1.1)
    assert await run_store.expired() == [run["id"]]
    assert await run_store.acquire(run["id"], "other", 30) is not None
    with pytest.raises(LeaseLost):
        await run_store.renew(run["id"], "lease-1", 30)


async def test_only_the_first_of_two_workers_takes_an_expired_lease_over(
    run_store: RunStore, new_store: Stores
) -> None:
    run = a_run()
    await create(run_store, run, Changes(), lease_seconds=1.0)
    assert await run_store.take_over(run["id"], "early", 30) is None
    await asyncio.sleep(1.1)
    async with new_store() as other:
        taken = await asyncio.gather(
            run_store.take_over(run["id"], "first", 30), other.take_over(run["id"], "second", 30)
        )
        [snapshot] = [found for found in taken if found is not None]
        assert snapshot.run["lease"] in ("first", "second")
        assert snapshot.run["turn"] == {"text": "hi"}


async def test_a_run_let_go_of_is_not_taken_over(run_store: RunStore) -> None:
    run = await waiting_run(run_store)
    assert await run_store.expired() == []
    assert await run_store.take_over(run["id"], "sweeper", 30) is None


async def test_events_are_numbered_per_thread_without_gaps(run_store: RunStore) -> None:
    await waiting_run(run_store, "t-1")
    await waiting_run(run_store, "t-2")
    first = await run_store.events("t-1")
    assert [e["id"] for e in first] == [1]
    run = a_run("t-3")
    await create(run_store, run, Changes(events=[("turn", {}), ("plan", {})]))
    await run_store.apply(
        run["id"],
        "lease-1",
        Changes(events=[("check", {}), ("reply", {"text": "x"})]),
        lease_seconds=30,
    )
    assert [(e["id"], e["type"]) for e in await run_store.events("t-3")] == [
        (1, "turn"),
        (2, "plan"),
        (3, "check"),
        (4, "reply"),
    ]
    assert [e["id"] for e in await run_store.events("t-3", after=2)] == [3, 4]


async def test_a_new_run_numbers_its_events_after_the_threads_last(run_store: RunStore) -> None:
    first = a_run()
    await create(run_store, first, Changes(run_state="done", events=[("turn", {})]), release=True)
    second = a_run()
    await create(run_store, second, Changes(events=[("turn", {}), ("plan", {})]))
    assert [(e["id"], e["run"]) for e in await run_store.events("t-1")] == [
        (1, first["id"]),
        (2, second["id"]),
        (3, second["id"]),
    ]


async def test_listen_delivers_what_another_worker_appends(
    run_store: RunStore, new_store: Stores
) -> None:
    await waiting_run(run_store)
    received: list[int] = []
    listening = asyncio.Event()

    async def follow() -> None:
        # From the start, so the event already there says the subscription is reading.
        async for event in run_store.listen("t-1"):
            received.append(event["id"])
            listening.set()
            if event["id"] > 1:
                return

    follower = asyncio.create_task(follow())
    await asyncio.wait_for(listening.wait(), 5)
    async with new_store() as other:
        run = await other.latest_run("t-1")
        assert run is not None
        assert await other.acquire(run, "w2", 30) is not None
        started = time.monotonic()
        await other.apply(run, "w2", Changes(events=[("reply", {})]), lease_seconds=30)
        await asyncio.wait_for(follower, 5)
    assert received == [1, 2]
    assert time.monotonic() - started < 2


async def test_settings_are_seen_by_every_store(run_store: RunStore, new_store: Stores) -> None:
    await run_store.set_setting("language", "pt-BR")
    async with new_store() as other:
        assert await other.get_setting("language") == "pt-BR"
        assert await other.get_setting("nothing") is None


async def test_staff_is_kept_until_revoked(run_store: RunStore) -> None:
    await run_store.keep_session("s-1", now=1.0)
    await run_store.keep_session("s-2", now=1.0)
    assert not await run_store.is_staff("s-1")
    await run_store.make_staff("s-1", "--dev-pair")
    assert await run_store.is_staff("s-1")
    assert not await run_store.is_staff("s-2")
    assert [(r["session"], r["paired_by"]) for r in await run_store.staff()] == [
        ("s-1", "--dev-pair")
    ]
    assert await run_store.revoke_staff("s-1")
    assert not await run_store.revoke_staff("s-1")
    assert not await run_store.is_staff("s-1")
    assert await run_store.staff() == []
    # Revoked is not forgotten: the session is still one the server handed out.
    assert await run_store.session_exists("s-1")


async def test_a_pairing_code_pairs_once_and_only_before_it_expires(run_store: RunStore) -> None:
    await run_store.add_pairing_code("code-1", expires_at=1_000.0, forget_before=0.0)
    await run_store.add_pairing_code("code-2", expires_at=1_000.0, forget_before=0.0)
    assert await run_store.use_pairing_code("code-1", now=999.0) is PairingUse.PAIRED
    assert await run_store.use_pairing_code("code-1", now=999.5) is PairingUse.USED
    assert await run_store.use_pairing_code("code-2", now=1_000.0) is PairingUse.EXPIRED
    assert await run_store.use_pairing_code("code-3", now=1.0) is PairingUse.UNKNOWN


async def test_a_new_pairing_code_forgets_the_codes_that_expired_before_its_window(
    run_store: RunStore,
) -> None:
    await run_store.add_pairing_code("old", expires_at=1_000.0, forget_before=0.0)
    await run_store.add_pairing_code("late", expires_at=5_000.0, forget_before=0.0)
    await run_store.add_pairing_code("new", expires_at=9_000.0, forget_before=4_000.0)
    assert await run_store.use_pairing_code("old", now=8_000.0) is PairingUse.UNKNOWN
    assert await run_store.use_pairing_code("late", now=8_000.0) is PairingUse.EXPIRED
    assert await run_store.use_pairing_code("new", now=8_000.0) is PairingUse.PAIRED


async def test_of_two_workers_spending_one_pairing_code_one_pairs(new_store: Stores) -> None:
    async with new_store() as first, new_store() as second:
        await first.add_pairing_code("code", expires_at=time.time() + 600, forget_before=0.0)
        uses = await asyncio.gather(
            *(store.use_pairing_code("code", time.time()) for store in (first, second) * 5)
        )
    assert sorted(uses) == sorted([PairingUse.PAIRED] + [PairingUse.USED] * 9)


async def test_sessions_are_kept(run_store: RunStore) -> None:
    await run_store.keep_session("s-1", now=1.0)
    assert await run_store.session_exists("s-1")
    assert not await run_store.session_exists("s-2")


async def test_sessions_unused_since_a_moment_are_forgotten_and_a_use_keeps_one(
    run_store: RunStore,
) -> None:
    for session in ("s-old", "s-used", "s-new"):
        await run_store.keep_session(session, now=1_000.0)
    await run_store.make_staff("s-old", "phone")
    await run_store.keep_session("s-used", now=5_000.0)
    await run_store.keep_session("s-new", now=1_000.0)
    assert await run_store.forget_sessions(unused_since=2_000.0) == 2
    assert [await run_store.session_exists(s) for s in ("s-old", "s-used", "s-new")] == [
        False,
        True,
        False,
    ]
    assert await run_store.staff() == []
    assert await run_store.forget_sessions(unused_since=2_000.0) == 0


async def test_migrations_are_applied_once_each(new_store: Stores) -> None:
    async with new_store() as first:
        applied = await first.schema_version()
    async with new_store() as again:
        assert await again.schema_version() == applied > 0


async def test_a_pause_made_before_an_upgrade_is_answered_after_it(
    new_store: Stores, monkeypatch: pytest.MonkeyPatch
) -> None:
    with monkeypatch.context() as older:
        older.setattr(postgres, "POSTGRES_MIGRATIONS", postgres.POSTGRES_MIGRATIONS[:2])
        older.setattr(sqlite, "SQLITE_MIGRATIONS", sqlite.SQLITE_MIGRATIONS[:2])
        async with new_store() as before:
            run = await waiting_run(before)
            assert await before.schema_version() == 2
    async with new_store() as after:
        assert await after.schema_version() > 2
        claim = await after.claim("t-1", f"{run['id']}-0", "tok", "approve", None, "me", "l-2", 30)
        assert (claim.status, claim.snapshot is not None) == ("ok", True)
        done = await after.apply(run["id"], "l-2", Changes(run_state="done"), lease_seconds=30)
        assert done.current
        assert [e["type"] for e in await after.events("t-1")] == ["turn", "answer"]


async def test_a_reply_is_found_with_the_session_it_was_shown_to_and_the_stream_shows_none(
    run_store: RunStore,
) -> None:
    run = a_run()
    said = MessageRecord(id="m-1", thread="t-1", run=run["id"], session="s-9", text="Done.")
    reply = ("reply", {"message": "m-1", "text": "Done."})
    await create(run_store, run, Changes(events=[("turn", {"text": "hi"}), reply], messages=[said]))
    again = MessageRecord(id="m-2", thread="t-1", run=run["id"], session=None, text="Also.")
    answer = ("reply", {"message": "m-2", "text": "Also."})
    await run_store.apply(
        run["id"], "lease-1", Changes(events=[answer], messages=[again]), lease_seconds=30
    )
    assert await run_store.message("t-1", "m-1") == said
    assert await run_store.message("t-1", "m-2") == again
    assert await run_store.message("t-2", "m-1") is None
    assert all("s-9" not in str(event) for event in await run_store.events("t-1"))
