"""GET .../stream: the thread's events as SSE, resumable, live, and freed on disconnect."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from starlette.testclient import TestClient

from stalwart_agents.serve import make_app
from stalwart_agents.serve._state import Host
from tests.loopback import serving

from .helpers import turn


def frames(lines: Iterator[str], count: int) -> list[dict[str, str]]:
    """Read `count` events (blocks of id/event/data), skipping heartbeats."""
    events: list[dict[str, str]] = []
    current: dict[str, str] = {}
    for line in lines:
        if not line:
            if "data" in current:
                events.append(current)
                if len(events) == count:
                    return events
            current = {}
            continue
        if line.startswith(":"):
            continue
        field, _, value = line.partition(": ")
        current[field] = value
    return events


def read(client: TestClient, path: str, count: int, **headers: str) -> list[dict[str, str]]:
    with client.stream("GET", path, headers=headers) as response:
        assert response.status_code == 200
        return frames(response.iter_lines(), count)


def test_each_event_has_its_sequence_number_as_id(client: TestClient) -> None:
    turn(client)
    events = read(client, "/threads/t-1/stream", 4)
    assert [event["id"] for event in events] == ["1", "2", "3", "4"]
    assert [event["event"] for event in events] == ["turn", "plan", "check", "pause"]


def test_the_data_is_the_event_as_json(client: TestClient) -> None:
    turn(client)
    [first] = read(client, "/threads/t-1/stream", 1)
    data = json.loads(first["data"])
    assert (data["id"], data["thread"], data["type"]) == (1, "t-1", "turn")
    assert data["data"]["text"] == "charge 40 to order 4411"


def test_last_event_id_resumes_strictly_after_it(client: TestClient) -> None:
    turn(client)
    [event] = read(client, "/threads/t-1/stream", 1, **{"Last-Event-ID": "2"})
    assert event["id"] == "3"


def test_the_query_resumes_too(client: TestClient) -> None:
    turn(client)
    [event] = read(client, "/threads/t-1/stream?last_event_id=3", 1)
    assert event["id"] == "4"


def test_the_header_wins_over_the_query(client: TestClient) -> None:
    turn(client)
    [event] = read(client, "/threads/t-1/stream?last_event_id=1", 1, **{"Last-Event-ID": "3"})
    assert event["id"] == "4"


def test_a_last_event_id_that_is_not_a_number_gets_422(client: TestClient) -> None:
    turn(client)
    response = client.get("/threads/t-1/stream", headers={"Last-Event-ID": "abc"})
    assert response.status_code == 422


def test_an_unknown_thread_has_no_stream(client: TestClient) -> None:
    assert client.get("/threads/never-seen/stream").status_code == 404


@pytest.fixture
def live(contract_agent: Path) -> Iterator[tuple[str, Host]]:
    """The app on a real loopback server, with a fast heartbeat."""
    app = make_app(contract_agent, ping=0.2)
    with serving(app, lifespan="on") as url:
        yield url, app.state.host


def approve(url: str, pause: dict[str, Any]) -> None:
    body = {"interrupt_id": pause["id"], "token": pause["token"], "decision": "approve"}
    httpx.post(f"{url}/threads/{pause['thread']}/resume", json=body, timeout=30)


def test_events_appended_after_connecting_arrive_live(live: tuple[str, Host]) -> None:
    url, _ = live
    reply = httpx.post(f"{url}/threads/t-1/messages", json={"text": "charge 40 to order 4411"})
    [pause] = reply.json()["waiting"]
    with httpx.stream("GET", f"{url}/threads/t-1/stream", timeout=10) as response:
        lines = response.iter_lines()
        # Five frames read: the stream is connected, so what the answer appends arrives live.
        before = frames(lines, 5)
        approve(url, pause)
        after = frames(lines, 3)
    assert [event["event"] for event in before][-1] == "reply"
    assert [event["event"] for event in after] == ["answer", "call", "reply"]
    assert json.loads(after[1]["data"])["data"]["tool"] == "charge"


def test_a_quiet_stream_sends_heartbeats(live: tuple[str, Host]) -> None:
    url, _ = live
    httpx.post(f"{url}/threads/t-1/messages", json={"text": "look up order 1"})
    with httpx.stream("GET", f"{url}/threads/t-1/stream?last_event_id=99", timeout=10) as response:
        first = next(line for line in response.iter_lines() if line)
    assert first.startswith(":")


def test_a_client_that_goes_away_frees_its_stream(live: tuple[str, Host]) -> None:
    url, host = live
    httpx.post(f"{url}/threads/t-1/messages", json={"text": "look up order 1"})
    with httpx.stream("GET", f"{url}/threads/t-1/stream", timeout=10) as response:
        # Keep the line iterator: dropping it closes the connection, and the stream with it.
        lines = response.iter_lines()
        frames(lines, 1)
        assert host.open_streams == 1
    # Woken by the stream's own cleanup; the bound only stops a stream that is never freed.
    assert host.streams.wait_for(0, timeout=30)
    assert host.open_streams == 0
