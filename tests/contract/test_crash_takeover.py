"""`stalwart serve` killed with SIGKILL while a write hangs: the next workers take the run over.

For real, on both stores: a worker whose charge tool hangs after it charged is killed -9; two
fresh workers on the same store start, and once the dead worker's lease expires exactly one of
them takes the run over, by itself. The charge is asked about as outcome_unknown, never left
`sent` in the journal, never sent again, and a new turn does not take it as not done. A
rollback killed after its refund went out is carried on, and the refund is asked about.
"""

from __future__ import annotations

import asyncio
import signal
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from contract_tools import calls

from stalwart_agents.store import RunState, StepStatus
from tests.conftest import STORES, make_store
from tests.loopback import CLIENT_TLS

from .conftest import copy_agent, serve_process
from .test_two_workers import approval, as_url

# A short lease, so the test waits seconds for the dead worker's hold to expire.
RUNS = "runs:\n  lease_seconds: 2\n  sweep_seconds: 0.3\n"
HANG = {"CONTRACT_HANG_AFTER": "charge"}


@pytest.fixture(params=STORES)
def crash_agent(
    request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> tuple[Path, str]:
    return agent_on(request, tmp_path, monkeypatch, RUNS)


def agent_on(
    request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, runs: str
) -> tuple[Path, str]:
    """The contract agent with a short lease, on SQLite or PostgreSQL; and its store's URL."""
    folder = tmp_path / "agent"
    if request.param == "postgres":
        dsn = str(request.getfixturevalue("postgres_url"))
        agent, store = copy_agent(folder, storage=as_url(dsn)), dsn
        monkeypatch.setenv("CONTRACT_CALLS_URL", as_url(dsn))
    else:
        agent, store = copy_agent(folder), str(folder / "runs.db")
        monkeypatch.setenv("CONTRACT_CALLS_URL", f"sqlite:///{folder / 'calls.db'}")
    agent.write_text(agent.read_text(encoding="utf-8") + runs, encoding="utf-8")
    return agent, store


def approve_and_kill(agent: Path, thread: str) -> dict[str, Any]:
    """Approve a charge on a worker that hangs once it charged, and SIGKILL it there."""
    with serve_process(agent, env=HANG) as (url, process):
        reply = httpx.post(f"{url}/threads/{thread}/messages", json=CHARGE, timeout=30)
        assert reply.status_code == 200, reply.text
        [pause] = reply.json()["waiting"]
        answering = threading.Thread(
            target=lambda: _quietly(f"{url}/threads/{thread}/resume", approval(pause))
        )
        answering.start()
        wait_for(lambda: len(calls("charge")) == 1, "the charge never reached the tool")
        process.send_signal(signal.SIGKILL)
        process.wait(10)
        answering.join(30)
    return dict(pause)


CHARGE = {"text": "charge 40 to order 4411"}


def _quietly(url: str, body: dict[str, Any], headers: dict[str, str] | None = None) -> None:
    """The request whose worker dies under it: its connection breaks, and that is the point."""
    try:
        httpx.post(url, json=body, headers=headers, timeout=60)
    except httpx.HTTPError:
        return


def wait_for(condition: Callable[[], bool], why: str, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, why
        time.sleep(0.1)


@pytest.fixture
def killed(crash_agent: tuple[Path, str]) -> Iterator[tuple[Path, str, dict[str, Any]]]:
    agent, store = crash_agent
    yield agent, store, approve_and_kill(agent, "k-1")


def interrupts(url: str, thread: str = "k-1") -> list[dict[str, Any]]:
    reply = httpx.get(f"{url}/threads/{thread}/interrupts", timeout=30, verify=CLIENT_TLS)
    assert reply.status_code == 200, reply.text
    return list(reply.json()["interrupts"])


async def stored(store_url: str, run: str) -> tuple[list[str], list[dict[str, Any]]]:
    """The run's journal statuses, and the thread's events, as the store keeps them."""
    async with make_store(store_url) as store:
        snapshot = await store.load(run)
        assert snapshot is not None
        events = await store.events("k-1")
    return [entry["status"] for entry in snapshot.journal.values()], [dict(e) for e in events]


def test_a_write_hung_in_a_killed_worker_is_asked_about_by_a_new_worker(
    killed: tuple[Path, str, dict[str, Any]],
) -> None:
    agent, store, pause = killed
    with (
        serve_process(agent, env={}) as (first, _),
        serve_process(agent, env={}) as (second, _),
    ):
        wait_for(lambda: bool(interrupts(first)), "no worker took the dead worker's run over")
        [unknown] = interrupts(second)
        assert (unknown["kind"], unknown["tool"], unknown["run"]) == (
            "outcome_unknown",
            "charge",
            pause["run"],
        )
        assert unknown["choices"] == ["happened", "did_not_happen"]
        statuses, events = asyncio.run(stored(store, pause["run"]))
        assert statuses == [StepStatus.UNKNOWN]
        taken = [e for e in events if e["type"] == "call" and e["data"]["status"] == "unknown"]
        assert len(taken) == 1, "two workers took the run over"
        assert len(calls("charge")) == 1


def test_a_new_turn_after_the_crash_asks_about_the_write_rather_than_drop_it(
    killed: tuple[Path, str, dict[str, Any]],
) -> None:
    agent, store, pause = killed
    with serve_process(agent, env={}) as (url, _):
        wait_for(lambda: bool(interrupts(url)), "no worker took the dead worker's run over")
        [asked] = interrupts(url)
        reply = httpx.post(f"{url}/threads/k-1/messages", json=CHARGE, timeout=30)
        assert reply.status_code == 200, reply.text
        rollback = reply.json()["rollback"]
        assert [(e["step"], e["tool"]) for e in rollback["unknown"]] == [(0, "charge")]
        assert rollback["undone"] == []
        still = [p for p in interrupts(url) if p["kind"] == "outcome_unknown"]
        assert [(p["id"], p["token"]) for p in still] == [(asked["id"], asked["token"])]
        statuses, _ = asyncio.run(stored(store, pause["run"]))
        assert statuses == [StepStatus.UNKNOWN]
        assert len(calls("charge")) == 1


@pytest.fixture(params=STORES)
def unswept_agent(
    request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> tuple[Path, str]:
    """The same agent, its sweeps a minute apart and its lease longer than a worker takes to
    start on a loaded machine (8 s was not, once): a new turn on a fresh worker meets the write
    still `sent`, and waits for the lease."""
    runs = RUNS.replace("lease_seconds: 2", "lease_seconds: 20").replace("0.3", "60")
    return agent_on(request, tmp_path, monkeypatch, runs)


def test_a_new_turn_that_meets_the_sent_write_asks_about_it_first(
    unswept_agent: tuple[Path, str],
) -> None:
    agent, store = unswept_agent
    pause = approve_and_kill(agent, "k-1")
    with serve_process(agent, env={}) as (url, _):
        statuses, _ = asyncio.run(stored(store, pause["run"]))
        assert statuses == [StepStatus.SENT]
        reply = httpx.post(f"{url}/threads/k-1/messages", json=CHARGE, timeout=60)
        assert reply.status_code == 200, reply.text
        assert [e["tool"] for e in reply.json()["rollback"]["unknown"]] == ["charge"]
        kinds = sorted(p["kind"] for p in interrupts(url))
        assert kinds == ["confirm", "outcome_unknown"]
        statuses, _ = asyncio.run(stored(store, pause["run"]))
        assert statuses == [StepStatus.UNKNOWN]
        assert len(calls("charge")) == 1


def test_a_rollback_killed_after_its_refund_is_carried_on_and_asks_about_the_refund(
    crash_agent: tuple[Path, str],
) -> None:
    agent, store = crash_agent
    with serve_process(agent, env={}) as (url, _):
        [pause] = httpx.post(f"{url}/threads/k-1/messages", json=CHARGE, timeout=30).json()[
            "waiting"
        ]
        answered = httpx.post(f"{url}/threads/k-1/resume", json=approval(pause), timeout=30)
        assert answered.status_code == 200, answered.text
    operator = ("--operator-token=op-1", {"Authorization": "Bearer op-1"})
    with serve_process(agent, operator[0], env={"CONTRACT_HANG_AFTER": "refund"}) as (url, dying):
        rolling = threading.Thread(
            target=lambda: _quietly(f"{url}/threads/k-1/rollback", {}, operator[1])
        )
        rolling.start()
        wait_for(lambda: len(calls("refund")) == 1, "the refund never reached the tool")
        dying.send_signal(signal.SIGKILL)
        dying.wait(10)
        rolling.join(30)
    with serve_process(agent, env={}) as (url, _):
        wait_for(lambda: bool(interrupts(url)), "no worker carried the rollback on")
        [stuck] = interrupts(url)
        assert (stuck["kind"], stuck["tool"], stuck["run"]) == (
            "saga_stuck",
            "charge",
            pause["run"],
        )
        done = {**approval(stuck), "decision": "done_by_hand"}
        answered = httpx.post(f"{url}/threads/k-1/resume", json=done, timeout=30)
        assert answered.status_code == 200, answered.text
        assert [e["tool"] for e in answered.json()["rollback"]["undone"]] == ["charge"]
        assert interrupts(url) == []

    async def state() -> str:
        async with make_store(store) as opened:
            snapshot = await opened.load(pause["run"])
        assert snapshot is not None
        return str(snapshot.run["state"])

    assert asyncio.run(state()) == RunState.CANCELLED
    assert len(calls("refund")) == 1 and len(calls("charge")) == 1
