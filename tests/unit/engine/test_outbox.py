"""The webhook outbox: a pause's delivery is written with the pause, and survives a crash.

Every receiver here is a real HTTP server on loopback that keeps a delivery only when its
signature verifies; every crash is a worker process killed with SIGKILL.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from itertools import pairwise
from typing import Any

import pytest
from fixture_ledger import Ledger
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route
from starlette.testclient import TestClient

from stalwart_agents._generated.models import InterruptNotice
from stalwart_agents.desk import Desk
from stalwart_agents.outbox import Retries
from stalwart_agents.serve import make_app
from stalwart_agents.webhook import SignatureError, Webhook, verify
from tests.conftest import SHOP, make_store
from tests.loopback import serving

from .helpers import CONTEXT, charge

SECRET = "whsec_outbox_51c2"
FAST = Retries(first=0.2, cap=0.8, attempts=6)
WORKER = os.path.join(
    os.path.dirname(__file__), "..", "..", "fixtures", "agents", "fixture_webhook_worker.py"
)


class Receiver:
    """A webhook receiver that answers 503 to its first `failures` posts, then 204.

    With `hold_first`, it keeps the first post waiting (no answer) until the test lets go.
    """

    def __init__(self, failures: int = 0, *, hold_first: bool = False) -> None:
        self.failures = failures
        self.hold_first = hold_first
        self.posts: list[float] = []
        self.kept: list[str] = []
        self.holding = threading.Event()
        self.released = threading.Event()
        self.url = ""

    async def take(self, request: Request) -> Response:
        body = await request.body()
        try:
            verify(request.headers.get("stalwart-signature"), body, SECRET)
        except SignatureError:
            return Response(status_code=400)
        self.posts.append(time.monotonic())
        if self.hold_first and len(self.posts) == 1:
            self.holding.set()
            while not self.released.is_set():
                await asyncio.sleep(0.05)
            return Response(status_code=503)
        if len(self.posts) <= self.failures:
            return Response(status_code=503)
        self.kept.append(InterruptNotice.model_validate_json(body).interrupt.id)
        return Response(status_code=204)

    def hook(self) -> Webhook:
        return Webhook(self.url, SECRET, timeout=2)


@pytest.fixture
def serve_receiver() -> Iterator[Callable[..., Receiver]]:
    """Starts receivers on loopback ports; each stops (and lets go of a held post) at the end."""
    started: list[tuple[Receiver, Any]] = []

    def start(failures: int = 0, *, hold_first: bool = False) -> Receiver:
        receiver = Receiver(failures, hold_first=hold_first)
        app = Starlette(routes=[Route("/hook", receiver.take, methods=["POST"])])
        served = serving(app)
        receiver.url = f"{served.__enter__()}/hook"
        started.append((receiver, served))
        return receiver

    yield start
    for receiver, served in started:
        receiver.released.set()
        served.__exit__(None, None, None)


async def swept(*desks: Desk, until: Callable[[], bool], seconds: float = 20) -> None:
    """Every desk sweeps, as the sweeper would in every worker, until `until` holds."""
    deadline = time.monotonic() + seconds
    while not until():
        assert time.monotonic() < deadline, "the outbox did not deliver in time"
        await asyncio.gather(*(desk.deliver() for desk in desks))
        await asyncio.sleep(0.05)


async def test_a_new_pause_is_queued_in_the_outbox_and_delivered_by_its_turn(
    make_desk: Callable[..., Any], serve_receiver: Callable[..., Receiver]
) -> None:
    receiver = serve_receiver()
    desk = await make_desk(on_interrupt=receiver.hook())
    reply = await desk.turn("u-17", charge(), context=CONTEXT)
    pause = reply.waiting[0].id
    assert reply.not_notified == []
    assert receiver.kept == [pause]
    kept = await desk.store.delivery(pause)
    assert kept is not None
    assert (kept["state"], kept["attempts"], kept["last_error"]) == ("delivered", 1, None)
    assert await desk.deliver() == 0
    assert receiver.kept == [pause]


async def test_a_resume_with_a_receiver_still_costs_two_store_round_trips(
    make_desk: Callable[..., Any], serve_receiver: Callable[..., Receiver], ledger: Ledger
) -> None:
    desk = await make_desk(on_interrupt=serve_receiver().hook())
    pause = (await desk.turn("u-17", charge(), context=CONTEXT)).waiting[0]
    before = desk.store.round_trips
    await desk.resume("u-17", pause.id, "approve", pause.token)
    assert desk.store.round_trips - before == 2
    assert ledger.count("charge_card") == 1


async def test_without_a_receiver_nothing_is_queued(desk: Desk) -> None:
    reply = await desk.turn("u-17", charge(), context=CONTEXT)
    assert await desk.store.delivery(reply.waiting[0].id) is None


async def test_the_turn_reports_its_own_failure_and_the_sweep_retries_with_backoff(
    make_desk: Callable[..., Any], serve_receiver: Callable[..., Receiver]
) -> None:
    receiver = serve_receiver(failures=3)
    desk = await make_desk(on_interrupt=receiver.hook(), notify_retries=FAST)
    reply = await desk.turn("u-17", charge(), context=CONTEXT)
    pause = reply.waiting[0].id
    (missed,) = reply.not_notified
    assert (missed.interrupt_id, missed.url) == (pause, receiver.url)
    assert "503" in missed.error
    await swept(desk, until=lambda: bool(receiver.kept))
    assert receiver.kept == [pause]
    gaps = [later - earlier for earlier, later in pairwise(receiver.posts)]
    # Each retry waits its due time at least: 0.2, then 0.4, then 0.8 seconds.
    assert all(gap > wait - 0.05 for gap, wait in zip(gaps, (0.2, 0.4, 0.8), strict=True))
    kept = await desk.store.delivery(pause)
    assert kept is not None
    assert (kept["state"], kept["attempts"], kept["last_error"]) == ("delivered", 4, None)
    errors = [attempt["error"] for attempt in await desk.store.deliveries(pause)]
    assert errors[-1] is None and all("503" in error for error in errors[:-1])


async def test_the_wait_between_attempts_doubles_up_to_its_cap_and_then_gives_up() -> None:
    retries = Retries(first=10, cap=60, attempts=5)
    assert [retries.after(failed) for failed in range(1, 6)] == [10, 20, 40, 60, None]


def test_retries_refuse_a_cap_below_the_first_wait() -> None:
    with pytest.raises(ValueError, match="first=10, cap=5"):
        Retries(first=10, cap=5)


async def test_a_delivery_is_given_up_after_its_last_attempt_keeping_the_error(
    make_desk: Callable[..., Any],
    serve_receiver: Callable[..., Receiver],
    caplog: pytest.LogCaptureFixture,
) -> None:
    receiver = serve_receiver(failures=100)
    retries = Retries(first=0.1, cap=0.1, attempts=3)
    desk = await make_desk(on_interrupt=receiver.hook(), notify_retries=retries)
    pause = (await desk.turn("u-17", charge(), context=CONTEXT)).waiting[0].id

    async def state() -> str:
        kept = await desk.store.delivery(pause)
        return str(kept["state"]) if kept else ""

    deadline = time.monotonic() + 10
    while await state() != "gave_up":
        assert time.monotonic() < deadline, "the delivery was never given up"
        await desk.deliver()
        await asyncio.sleep(0.05)
    kept = await desk.store.delivery(pause)
    assert kept is not None and kept["attempts"] == 3 and "503" in kept["last_error"]
    await asyncio.sleep(0.2)
    assert await desk.deliver() == 0
    assert len(receiver.posts) == 3
    assert f"Gave up delivering pause {pause} of thread u-17 after 3 attempts" in caplog.text


async def test_a_delivery_whose_pause_was_answered_meanwhile_is_settled_not_sent(
    make_desk: Callable[..., Any], serve_receiver: Callable[..., Receiver]
) -> None:
    receiver = serve_receiver(failures=1)
    desk = await make_desk(on_interrupt=receiver.hook(), notify_retries=FAST)
    pause = (await desk.turn("u-17", charge(), context=CONTEXT)).waiting[0].id
    await desk.answer("u-17", "skip")
    await asyncio.sleep(0.3)
    assert await desk.deliver() == 0
    kept = await desk.store.delivery(pause)
    assert kept is not None and kept["state"] == "settled"
    assert receiver.kept == [] and len(receiver.posts) == 1


def kill_while_posting(store_url: str, receiver: Receiver) -> None:
    """A worker process takes a turn, and is killed with -9 while its post waits on the receiver.

    The pause is committed by then, and its post is on the wire, unanswered.
    """
    worker = subprocess.Popen(
        [
            sys.executable,
            WORKER,
            store_url,
            receiver.url,
            SECRET,
            "u-17",
            charge().model_dump_json(),
            json.dumps(CONTEXT),
        ]
    )
    try:
        assert receiver.holding.wait(30), "the worker never posted"
    finally:
        worker.send_signal(signal.SIGKILL)
        worker.wait()
    assert worker.returncode == -signal.SIGKILL
    receiver.released.set()


async def test_a_worker_killed_while_posting_leaves_the_delivery_to_a_fresh_worker(
    make_desk: Callable[..., Any],
    serve_receiver: Callable[..., Receiver],
    store_url: str,
    ledger: Ledger,
) -> None:
    receiver = serve_receiver(hold_first=True)
    kill_while_posting(store_url, receiver)
    fresh = await make_desk(on_interrupt=receiver.hook(), notify_seconds=1)
    (waiting,) = await fresh.waiting("u-17")
    await swept(fresh, until=lambda: bool(receiver.kept))
    assert receiver.kept == [waiting.id]
    kept = await fresh.store.delivery(waiting.id)
    assert kept is not None and kept["state"] == "delivered"
    # Still answerable, with its own token, from the delivery the fresh worker made.
    reply = await fresh.resume("u-17", waiting.id, "approve", waiting.token)
    assert "ch-4411" in reply.reply
    assert ledger.count("charge_card") == 1


def test_a_served_worker_delivers_a_dead_workers_pause_by_itself(
    serve_receiver: Callable[..., Receiver], store_url: str, ledger: Ledger
) -> None:
    receiver = serve_receiver(hold_first=True)
    kill_while_posting(store_url, receiver)
    desk = Desk(SHOP, store=make_store(store_url), notify_seconds=1)
    # Nobody calls deliver: the app's sweeper does, as in `stalwart serve`.
    with TestClient(make_app(desk, on_interrupt=receiver.hook())) as client:
        deadline = time.monotonic() + 20
        while not receiver.kept:
            assert time.monotonic() < deadline, "no worker delivered the dead worker's pause"
            time.sleep(0.1)
        waiting = client.get("/threads/u-17/interrupts").json()["interrupts"]
    assert receiver.kept == [waiting[0]["id"]]


async def test_two_workers_sweeping_at_once_deliver_each_pause_once(
    make_desk: Callable[..., Any], serve_receiver: Callable[..., Receiver], ledger: Ledger
) -> None:
    threads = [f"u-{n}" for n in range(12)]
    # Every turn's own attempt fails, so every delivery is left to the two workers' sweeps.
    receiver = serve_receiver(failures=len(threads))
    first, second = [
        await make_desk(on_interrupt=receiver.hook(), notify_retries=FAST) for _ in range(2)
    ]
    pauses = [
        (await (first, second)[n % 2].turn(thread, charge(), context=CONTEXT)).waiting[0]
        for n, thread in enumerate(threads)
    ]
    assert len(receiver.posts) == len(threads) and receiver.kept == []
    await swept(first, second, until=lambda: len(receiver.kept) >= len(threads))
    await asyncio.sleep(0.5)
    await asyncio.gather(first.deliver(), second.deliver())
    assert sorted(receiver.kept) == sorted(pause.id for pause in pauses)
