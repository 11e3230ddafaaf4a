"""A door's pauses on every run store: tracked once, delivered by the outbox, expired, let go."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

from stalwart_agents.store._base import RunStore
from stalwart_agents.store._records import DoorPause

Stores = Callable[..., RunStore]


def door_pause(ident: str, expires_at: float | None = None) -> DoorPause:
    return DoorPause(
        id=ident,
        thread="t-1",
        token=f"tok-{ident}",
        interrupt={"id": ident, "thread": "t-1"},
        expires_at=expires_at,
    )


async def test_a_pause_is_new_once_and_queued_once(run_store: RunStore) -> None:
    first = await run_store.keep_door_pauses("t-1", [door_pause("a")], outbox=0)
    again = await run_store.keep_door_pauses("t-1", [door_pause("a"), door_pause("b")], outbox=0)
    assert (first, again) == (["a"], ["b"])
    due = await run_store.due_deliveries("worker-1", 30)
    assert sorted((d["pause"], d["thread"], d["interrupt"]["id"]) for d in due) == [
        ("a", "t-1", "a"),
        ("b", "t-1", "b"),
    ]


async def test_without_an_outbox_nothing_is_queued(run_store: RunStore) -> None:
    await run_store.keep_door_pauses("t-1", [door_pause("a")])
    assert await run_store.delivery("a") is None


async def test_a_delivery_of_a_pause_gone_or_closed_is_settled(run_store: RunStore) -> None:
    await run_store.keep_door_pauses("t-1", [door_pause("a"), door_pause("b")], outbox=0)
    await run_store.keep_door_pauses("t-1", [door_pause("b")], gone=["a"])
    await run_store.close_door_pauses(["b"])
    assert await run_store.due_deliveries("worker-1", 30) == []
    assert (await run_store.delivery("a") or {})["state"] == "settled"
    assert (await run_store.delivery("b") or {})["state"] == "settled"


async def test_due_pauses_are_the_open_ones_past_their_time(run_store: RunStore) -> None:
    now = time.time()
    waiting = [door_pause("soon", now + 60), door_pause("later", now + 600), door_pause("never")]
    await run_store.keep_door_pauses("t-1", [*waiting, door_pause("closed", now + 1)])
    await run_store.close_door_pauses(["closed"])
    assert await run_store.due_door_pauses(now) == []
    (due,) = await run_store.due_door_pauses(now + 61)
    assert due == waiting[0]
    assert [p["id"] for p in await run_store.due_door_pauses(now + 3600)] == ["soon", "later"]


async def test_a_turn_held_past_its_time_is_stale_until_let_go(
    run_store: RunStore, new_store: Stores
) -> None:
    await run_store.hold_door_turn("t-1", "turn-live", 30)
    await run_store.hold_door_turn("t-1", "turn-dead", 0.05)
    await asyncio.sleep(0.1)
    async with new_store() as other:
        assert await other.stale_door_turns() == [("t-1", "turn-dead")]
        assert await other.keep_door_pauses("t-1", [door_pause("a")], turn="turn-dead") == ["a"]
        assert await other.stale_door_turns() == []
    await run_store.hold_door_turn("t-1", "turn-live", 0.01)
    await asyncio.sleep(0.05)
    assert await run_store.stale_door_turns() == [("t-1", "turn-live")]
