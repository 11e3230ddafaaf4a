"""The outbox on every run store: written with the pause, claimed by one worker at a time."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

import pytest

from stalwart_agents.errors import LeaseLost
from stalwart_agents.ids import new_id
from stalwart_agents.store._base import RunStore
from stalwart_agents.store._records import Changes
from tests.unit.store.test_store_conformance import a_pause, a_run, create

Stores = Callable[..., RunStore]


async def paused(store: RunStore, pauses: int = 1, *, outbox: float | None = 0) -> list[str]:
    """A new run that paused on `pauses` pauses, queued for delivery `outbox` seconds on."""
    run = a_run(f"t-{new_id()}")
    ids = [f"{run['id']}-{n}" for n in range(pauses)]
    changes = Changes(run_state="waiting", pauses=[a_pause(run, ident) for ident in ids])
    await create(store, run, changes, release=True, outbox=outbox)
    return ids


async def test_a_pause_and_its_delivery_are_written_in_one_apply(run_store: RunStore) -> None:
    (queued,) = await paused(run_store, outbox=30)
    (unqueued,) = await paused(run_store, outbox=None)
    delivery = await run_store.delivery(queued)
    assert delivery is not None
    assert (delivery["state"], delivery["attempts"], delivery["last_error"]) == ("pending", 0, None)
    assert delivery["due_at"] == pytest.approx(time.time() + 30, abs=5)
    assert await run_store.delivery(unqueued) is None


async def test_an_apply_refused_for_its_lease_queues_no_delivery(run_store: RunStore) -> None:
    run = a_run()
    await create(run_store, run, Changes(run_state="running"))
    changes = Changes(pauses=[a_pause(run, "p-lost")])
    with pytest.raises(LeaseLost):
        await run_store.apply(run["id"], "another", changes, lease_seconds=30, outbox=0)
    assert await run_store.delivery("p-lost") is None


async def test_a_delivery_is_not_due_before_its_time(run_store: RunStore) -> None:
    await paused(run_store, outbox=30)
    assert await run_store.due_deliveries("worker-1", 10) == []


async def test_a_claimed_delivery_is_held_from_other_workers_until_its_hold_passes(
    run_store: RunStore, new_store: Stores
) -> None:
    (pause,) = await paused(run_store)
    async with new_store() as other:
        (claimed,) = await run_store.due_deliveries("worker-1", 0.5)
        assert (claimed["pause"], claimed["attempts"]) == (pause, 0)
        assert claimed["interrupt"] == {"id": pause}
        assert await other.due_deliveries("worker-2", 0.5) == []
        # worker-1 died without recording: once its hold passes, the delivery is due again.
        await asyncio.sleep(0.6)
        assert [d["pause"] for d in await other.due_deliveries("worker-2", 10)] == [pause]


async def test_workers_claiming_at_once_each_take_a_different_delivery(
    run_store: RunStore, new_store: Stores
) -> None:
    pauses = await paused(run_store, 20)
    workers = [new_store() for _ in range(4)]
    for worker in workers:
        await worker.open()
    try:
        rounds = await asyncio.gather(
            *(worker.due_deliveries(f"worker-{n}", 30, 8) for n, worker in enumerate(workers))
        )
    finally:
        for worker in workers:
            await worker.close()
    claimed = [delivery["pause"] for taken in rounds for delivery in taken]
    assert sorted(claimed) == sorted(pauses)


async def test_a_due_delivery_of_a_pause_that_no_longer_waits_is_settled(
    run_store: RunStore,
) -> None:
    (pause,) = await paused(run_store)
    run = (await run_store.pause(pause) or {})["run"]
    await run_store.acquire(run, "lease-2", 30)
    await run_store.apply(run, "lease-2", Changes(close=[pause]), lease_seconds=30)
    assert await run_store.due_deliveries("worker-1", 10) == []
    delivery = await run_store.delivery(pause)
    assert delivery is not None and delivery["state"] == "settled"


async def test_an_attempt_settles_the_delivery_it_was_for(run_store: RunStore) -> None:
    delivered, retried, given_up = await paused(run_store, 3)
    await run_store.record_delivery("t", delivered, "http://hook", None, retry_in=10)
    await run_store.record_delivery("t", retried, "http://hook", "down", retry_in=10)
    await run_store.record_delivery("t", given_up, "http://hook", "down", retry_in=None)
    states = [await run_store.delivery(pause) for pause in (delivered, retried, given_up)]
    assert [(s or {}).get("state") for s in states] == ["delivered", "pending", "gave_up"]
    assert [(s or {}).get("attempts") for s in states] == [1, 1, 1]
    assert [(s or {}).get("last_error") for s in states] == [None, "down", "down"]
    assert (states[1] or {})["due_at"] == pytest.approx(time.time() + 10, abs=5)
    assert await run_store.due_deliveries("worker-1", 10) == []
    # Every attempt is kept too, as before the outbox.
    assert [a["error"] for a in await run_store.deliveries(retried)] == ["down"]
