"""A door worker killed with SIGKILL loses no delivery: a fresh worker's sweep sends it.

Each test runs a real door worker in its own process (door_worker.py) over SqliteSaver or
PostgresSaver, kills it at the moment named, and starts a fresh worker in this process.
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
from collections.abc import Iterator
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from stalwart_agents.langchain import GraphDoor
from stalwart_agents.webhook import verify
from tests.loopback import serving

from .door_worker import SECRET, door
from .graphs import Effects
from .helpers import THREAD

ROOT = Path(__file__).resolve().parents[3]
STORES = [pytest.param("sqlite"), pytest.param("postgres", marks=pytest.mark.postgres)]


@dataclass
class Receiver:
    """Holds the first post until released (its sender is killed meanwhile); takes the rest."""

    url: str = ""
    held: threading.Event = field(default_factory=threading.Event)
    release: threading.Event = field(default_factory=threading.Event)
    kept: list[dict[str, Any]] = field(default_factory=list)

    def ids(self) -> list[str]:
        return [notice["interrupt"]["id"] for notice in self.kept]


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    channel = Receiver()

    async def take(request: Request) -> Response:
        body = await request.body()
        verify(request.headers.get("stalwart-signature"), body, SECRET)
        channel.kept.append(json.loads(body))
        if not channel.held.is_set():
            channel.held.set()
            while not channel.release.is_set():
                await asyncio.sleep(0.05)
        return Response(status_code=204)

    with serving(Starlette(routes=[Route("/hook", take, methods=["POST"])])) as url:
        channel.url = f"{url}/hook"
        try:
            yield channel
        finally:
            channel.release.set()


@pytest.fixture(params=STORES)
def dsn(request: pytest.FixtureRequest) -> str | None:
    return str(request.getfixturevalue("postgres_url")) if request.param == "postgres" else None


def start_worker(
    folder: Path, hook_url: str, dsn: str | None, *extra: str
) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "tests.unit.langchain.door_worker", str(folder), hook_url]
    command += ["--dsn", dsn] if dsn else []
    return subprocess.Popen([*command, *extra], cwd=ROOT, env=os.environ.copy())


def kill_when(worker: subprocess.Popen[bytes], ready: Any, what: str) -> None:
    """SIGKILL the worker once `ready()` is true; fail if it ended or took too long first."""
    deadline = time.monotonic() + 60
    while not ready():
        assert worker.poll() is None, f"the worker ended before {what}"
        assert time.monotonic() < deadline, f"the worker never got to {what}"
        time.sleep(0.02)
    os.kill(worker.pid, signal.SIGKILL)
    assert worker.wait(10) == -signal.SIGKILL


async def sweep_until_delivered(fresh: GraphDoor) -> list[Any]:
    """The fresh worker's sweeper rounds, until one delivers; every round's result."""
    rounds = []
    for _ in range(200):
        rounds.append(await fresh.sweep())
        if rounds[-1].delivered:
            return rounds
        await asyncio.sleep(0.1)
    raise AssertionError("no sweep delivered anything in 20 seconds")


async def test_killed_while_its_receiver_holds_the_post_a_fresh_sweep_delivers_it(
    tmp_path: Path, receiver: Receiver, dsn: str | None
) -> None:
    worker = start_worker(tmp_path, receiver.url, dsn)
    kill_when(worker, receiver.held.is_set, "its post")
    with ExitStack() as stack:
        fresh = door(stack, tmp_path, dsn, receiver.url)
        async with fresh:
            [pause] = await fresh.waiting(THREAD)
            assert receiver.ids() == [pause.id]
            await sweep_until_delivered(fresh)
            assert receiver.ids() == [pause.id, pause.id]
            await fresh.resume(THREAD, pause.id, "approve", pause.token)
            assert (await fresh.sweep()).delivered == 0
    assert [node for node, _ in Effects(tmp_path / "effects.db").rows()] == ["ask"]


async def test_killed_after_the_graph_paused_before_tracking_a_fresh_sweep_delivers_it(
    tmp_path: Path, receiver: Receiver, dsn: str | None
) -> None:
    receiver.held.set()  # nothing is held: this worker dies before it posts
    marker = tmp_path / "committed"
    worker = start_worker(tmp_path, receiver.url, dsn, "--block", str(marker))
    kill_when(worker, marker.exists, "the window between the checkpoint and the run store")
    with ExitStack() as stack:
        fresh = door(stack, tmp_path, dsn, receiver.url)
        async with fresh:
            [pause] = await fresh.waiting(THREAD)
            assert await fresh.store.delivery(pause.id) is None
            rounds = await sweep_until_delivered(fresh)
            assert rounds[-1].taken_over == [THREAD]
            assert receiver.ids() == [pause.id]
            await fresh.resume(THREAD, pause.id, "approve", pause.token)
    assert [node for node, _ in Effects(tmp_path / "effects.db").rows()] == ["ask"]
