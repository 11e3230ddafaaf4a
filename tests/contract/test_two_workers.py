"""Two `stalwart serve` workers on one PostgreSQL: an answer reaches a run wherever it waits."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlencode

import httpx
import pytest
from contract_tools import calls
from psycopg.conninfo import conninfo_to_dict

from .conftest import copy_agent, stalwart_serve

pytestmark = pytest.mark.postgres

CHARGE = {"text": "charge 40 to order 4411"}
RESUMES = 200


def as_url(conninfo: str) -> str:
    """A libpq connection string as the postgresql:// URL an agent file's storage: takes."""
    parts = {key: str(value) for key, value in conninfo_to_dict(conninfo).items()}
    user = quote(parts.pop("user", ""), safe="")
    password = parts.pop("password", "")
    credentials = f"{user}:{quote(password, safe='')}@" if password else f"{user}@"
    host = parts.pop("host", "")
    port = parts.pop("port", "")
    dbname = quote(parts.pop("dbname", ""), safe="")
    if host.startswith("/"):
        parts["host"] = host
        host = ""
    where = f"{host}:{port}" if host and port else host
    query = f"?{urlencode(parts, quote_via=quote)}" if parts else ""
    return f"postgresql://{credentials}{where}/{dbname}{query}"


@pytest.fixture
def workers(
    postgres_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[tuple[str, str]]:
    """Workers A and B: two processes, one agent file, one database, no memory shared."""
    url = as_url(postgres_url)
    agent = copy_agent(tmp_path / "agent", storage=url)
    monkeypatch.setenv("CONTRACT_CALLS_URL", url)
    with stalwart_serve(agent, env={}) as first, stalwart_serve(agent, env={}) as second:
        yield first, second


def paused(worker: str, thread: str) -> dict[str, Any]:
    reply = httpx.post(f"{worker}/threads/{thread}/messages", json=CHARGE, timeout=30)
    assert reply.status_code == 200, reply.text
    [pause] = reply.json()["waiting"]
    return dict(pause)


def approval(pause: dict[str, Any]) -> dict[str, str]:
    return {"interrupt_id": pause["id"], "token": pause["token"], "decision": "approve"}


def test_a_pause_on_a_is_answered_on_b_and_a_streams_the_rest(
    workers: tuple[str, str],
) -> None:
    a, b = workers
    pause = paused(a, "w-1")
    seen: list[dict[str, Any]] = []
    listening = threading.Event()

    def follow_on_a() -> None:
        with httpx.stream("GET", f"{a}/threads/w-1/stream", timeout=30) as stream:
            listening.set()
            for line in stream.iter_lines():
                if line.startswith("data: "):
                    seen.append(json.loads(line.removeprefix("data: ")))
                    if seen[-1]["type"] == "reply" and any(e["type"] == "call" for e in seen):
                        return

    follower = threading.Thread(target=follow_on_a)
    follower.start()
    assert listening.wait(30)
    answered = httpx.post(f"{b}/threads/w-1/resume", json=approval(pause), timeout=30)
    follower.join(30)
    assert answered.status_code == 200, answered.text
    assert not follower.is_alive()
    after = [event["type"] for event in seen if event["id"] > pause_event_id(seen)]
    assert after == ["answer", "call", "reply"]
    assert len(calls("charge")) == 1


def pause_event_id(events: list[dict[str, Any]]) -> int:
    return max(event["id"] for event in events if event["type"] == "pause") + 1


async def race(workers: tuple[str, str], pause: dict[str, Any]) -> list[int]:
    limits = httpx.Limits(max_connections=RESUMES, max_keepalive_connections=0)
    async with httpx.AsyncClient(timeout=120, limits=limits) as client:
        answers = [
            client.post(f"{workers[index % 2]}/threads/w-2/resume", json=approval(pause))
            for index in range(RESUMES)
        ]
        return [response.status_code for response in await asyncio.gather(*answers)]


def test_concurrent_answers_on_both_workers_run_the_call_once(
    workers: tuple[str, str],
) -> None:
    pause = paused(workers[0], "w-2")
    statuses = asyncio.run(race(workers, pause))
    assert sorted(set(statuses)) == [200, 409]
    assert statuses.count(200) == 1
    assert statuses.count(409) == RESUMES - 1
    assert len(calls("charge")) == 1
