"""A door's deliveries go through the run store's outbox: retried by any worker's sweep."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from stalwart_agents.langchain import GraphDoor, Webhook
from stalwart_agents.outbox import Retries
from stalwart_agents.store import DeliveryState
from stalwart_agents.webhook import verify
from tests.loopback import serving

from .conftest import Door
from .helpers import CONFIG, THREAD

SECRET = "whsec_outbox"
# Retried a tenth of a second after a failure, so a test waits no longer than that.
SOON = Retries(first=0.1, cap=0.1, attempts=5)


@dataclass
class Receiver:
    """A channel on loopback that refuses while `down`, and keeps what it took otherwise."""

    url: str
    down: bool = True
    kept: list[dict[str, Any]] = field(default_factory=list)

    def hook(self) -> Webhook:
        return Webhook(f"{self.url}/hook", SECRET)

    def ids(self) -> list[str]:
        return [notice["interrupt"]["id"] for notice in self.kept]


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    state: list[Receiver] = []

    async def take(request: Request) -> Response:
        if state[0].down:
            return Response(status_code=503)
        body = await request.body()
        verify(request.headers.get("stalwart-signature"), body, SECRET)
        state[0].kept.append(json.loads(body))
        return Response(status_code=204)

    with serving(Starlette(routes=[Route("/hook", take, methods=["POST"])])) as url:
        state.append(Receiver(url))
        yield state[0]


async def until_delivered(door: GraphDoor, count: int) -> int:
    """Sweep until `count` deliveries went, as the sweeper's rounds would; how many went."""
    delivered = 0
    for _ in range(100):
        delivered += (await door.sweep()).delivered
        if delivered >= count:
            break
        await asyncio.sleep(0.05)
    return delivered


async def test_a_failed_delivery_is_sent_by_another_workers_sweep(
    door_of: Door, receiver: Receiver
) -> None:
    first = await door_of(on_interrupt=receiver.hook(), retries=SOON)
    reply = await first.invoke({"done": []}, CONFIG)
    assert len(reply.not_notified) == 2
    charge = reply.waiting[0]
    assert (await first.store.delivery(charge.id) or {})["state"] == DeliveryState.PENDING
    receiver.down = False
    second = await door_of(on_interrupt=receiver.hook(), retries=SOON)
    assert await until_delivered(second, 2) == 2
    assert sorted(receiver.ids()) == sorted(pause.id for pause in reply.waiting)
    assert (await second.store.delivery(charge.id) or {})["state"] == DeliveryState.DELIVERED
    assert (await second.sweep()).delivered == 0


async def test_a_pause_answered_before_its_retry_is_not_delivered(
    door_of: Door, receiver: Receiver
) -> None:
    first = await door_of(on_interrupt=receiver.hook(), retries=SOON)
    charge, email = (await first.invoke({"done": []}, CONFIG)).waiting
    await first.resume(THREAD, charge.id, "approve", charge.token)
    receiver.down = False
    second = await door_of(on_interrupt=receiver.hook(), retries=SOON)
    assert await until_delivered(second, 1) == 1
    assert receiver.ids() == [email.id]
    assert (await second.store.delivery(charge.id) or {})["state"] == DeliveryState.SETTLED


async def test_a_turn_whose_worker_died_untracked_is_tracked_and_delivered_by_a_sweep(
    door_of: Door, receiver: Receiver
) -> None:
    receiver.down = False
    dead = await door_of(on_interrupt=receiver.hook())
    # What a worker that died mid-turn leaves: its note, and the graph's interrupts untracked.
    await dead.store.hold_door_turn(THREAD, "turn-1", 0.01)
    await dead.runner.invoke({"done": []}, CONFIG, None)
    waiting = await dead.waiting(THREAD)
    await asyncio.sleep(0.05)
    second = await door_of(on_interrupt=receiver.hook())
    swept = await second.sweep()
    assert (swept.taken_over, swept.delivered) == ([THREAD], 2)
    assert sorted(receiver.ids()) == sorted(pause.id for pause in waiting)
    assert await second.store.stale_door_turns() == []
    assert (await second.sweep()).delivered == 0


async def test_a_door_with_neither_hook_nor_expiry_tracks_nothing(door_of: Door) -> None:
    door = await door_of()
    charge, _ = (await door.invoke({"done": []}, CONFIG)).waiting
    assert await door.store.due_door_pauses(float("inf")) == []
    assert await door.store.delivery(charge.id) is None
