"""Sessions: an HttpOnly SameSite=Strict cookie, and the Stalwart-Session header for embedders."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import Callable
from contextlib import closing
from pathlib import Path

import pytest
import yaml
from starlette.testclient import TestClient

from stalwart_agents import Desk
from stalwart_agents.serve import make_app
from stalwart_agents.serve._sessions import COOKIE, NOTED_EVERY
from stalwart_agents.store import SESSION_AGE

from .helpers import CHARGE, turn
from .test_staff_only import store_as_url


def test_a_turn_hands_out_a_session_as_cookie_and_header(client: TestClient) -> None:
    response = client.post("/threads/t-1/messages", json={"text": CHARGE})
    session = response.headers["stalwart-session"]
    cookie = response.headers["set-cookie"]
    assert f"stalwart_session={session}" in cookie
    assert "HttpOnly" in cookie
    assert "SameSite=strict" in cookie


def test_the_cookie_brings_the_session_back(client: TestClient) -> None:
    first = client.post("/threads/t-1/messages", json={"text": CHARGE})
    again = client.post("/threads/t-2/messages", json={"text": CHARGE})
    assert again.headers["stalwart-session"] == first.headers["stalwart-session"]


def test_the_header_brings_the_session_back_from_another_origin(client: TestClient) -> None:
    session = client.post("/threads/t-1/messages", json={"text": CHARGE}).headers[
        "stalwart-session"
    ]
    client.cookies.clear()
    again = client.post(
        "/threads/t-2/messages", json={"text": CHARGE}, headers={"Stalwart-Session": session}
    )
    assert again.headers["stalwart-session"] == session
    # A request without the cookie is given it.
    assert f"{COOKIE}={session}" in again.headers["set-cookie"]


def test_a_session_never_handed_out_is_replaced(client: TestClient) -> None:
    response = client.post(
        "/threads/t-1/messages", json={"text": CHARGE}, headers={"Stalwart-Session": "made-up"}
    )
    assert response.headers["stalwart-session"] != "made-up"


def test_a_session_header_over_128_characters_gets_422(client: TestClient) -> None:
    response = client.post(
        "/threads/t-1/messages", json={"text": CHARGE}, headers={"Stalwart-Session": "s" * 129}
    )
    assert response.status_code == 422


def test_a_session_handed_out_by_one_worker_is_known_to_another(
    serve: Callable[..., TestClient],
) -> None:
    first, second = serve(), serve()
    session = first.post("/threads/t-1/messages", json={"text": CHARGE}).headers["stalwart-session"]
    again = second.post(
        "/threads/t-2/messages", json={"text": CHARGE}, headers={"Stalwart-Session": session}
    )
    assert again.headers["stalwart-session"] == session


def counted_lookups(agent: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Desk, list[str]]:
    """A desk on the agent, and the sessions its store is asked about, in order."""
    desk = Desk(agent)
    lookups: list[str] = []
    exists = desk.store.session_exists

    async def counted(named: str) -> bool:
        lookups.append(named)
        return await exists(named)

    monkeypatch.setattr(desk.store, "session_exists", counted)
    return desk, lookups


def test_a_known_session_is_not_looked_up_again(
    serve: Callable[..., TestClient], contract_agent: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = (
        serve().post("/threads/t-1/messages", json={"text": CHARGE}).headers["stalwart-session"]
    )
    desk, lookups = counted_lookups(contract_agent, monkeypatch)
    with TestClient(make_app(desk)) as other:
        for number in range(3):
            reply = other.post(
                f"/threads/t-{number + 2}/messages",
                json={"text": CHARGE},
                headers={"Stalwart-Session": session},
            )
            assert reply.headers["stalwart-session"] == session
    assert lookups == [session]


def session_rows(agent: Path) -> int:
    with closing(sqlite3.connect(agent.parent / "runs.db")) as db:
        (rows,) = db.execute("SELECT count(*) FROM sessions").fetchone()
    return int(rows)


def test_requests_that_fail_keep_no_session(client: TestClient, contract_agent: Path) -> None:
    [pause] = turn(client)["waiting"]
    before = session_rows(contract_agent)
    stale = {"interrupt_id": pause["id"], "token": "0" * 64, "decision": "approve"}
    for _ in range(300):
        client.cookies.clear()
        assert client.post("/threads/t-1/resume", json=stale).status_code == 409
        client.cookies.clear()
        assert client.post("/threads/t-1/messages", json={"text": ""}).status_code == 422
    assert session_rows(contract_agent) == before


def test_a_session_handed_out_is_kept_and_one_unused_past_its_age_is_swept(
    client: TestClient, contract_agent: Path
) -> None:
    reply = client.post("/threads/t-1/messages", json={"text": CHARGE})
    session = reply.headers["stalwart-session"]
    assert f"Max-Age={SESSION_AGE - 24 * 3600}" in reply.headers["set-cookie"]

    async def sweep(now: float) -> int:
        async with Desk(contract_agent) as desk:
            return (await desk.sweep(now)).sessions_forgotten

    assert asyncio.run(sweep(time.time() + SESSION_AGE - 60)) == 0
    assert asyncio.run(sweep(time.time() + SESSION_AGE + 60)) == 1
    thumb = {"message": reply.json()["message"], "thumb": "up"}
    refused = TestClient(make_app(contract_agent)).post(
        "/threads/t-1/feedback", json=thumb, headers={"Stalwart-Session": session}
    )
    assert refused.status_code == 403


@pytest.fixture
def agent_on_store(contract_agent: Path, store_url: str) -> Path:
    """The contract agent, its runs in the test's store."""
    spec = yaml.safe_load(contract_agent.read_text(encoding="utf-8"))
    spec["storage"] = store_as_url(store_url)
    contract_agent.write_text(yaml.safe_dump(spec, sort_keys=False), encoding="utf-8")
    return contract_agent


def test_on_either_store_a_thumb_comes_only_from_the_session_shown_the_reply(
    agent_on_store: Path,
) -> None:
    with (
        TestClient(make_app(agent_on_store)) as page,
        TestClient(make_app(agent_on_store)) as other,
    ):
        reply = page.post("/threads/t-1/messages", json={"text": CHARGE})
        other.post("/threads/t-2/messages", json={"text": CHARGE})
        thumb = {"message": reply.json()["message"], "thumb": "up"}
        assert other.post("/threads/t-1/feedback", json=thumb).status_code == 403
        assert page.post("/threads/t-1/feedback", json=thumb).status_code == 204


def test_the_cookie_is_not_set_again_while_the_request_carries_it(client: TestClient) -> None:
    client.post("/threads/t-1/messages", json={"text": CHARGE})
    again = client.post("/threads/t-2/messages", json={"text": CHARGE})
    assert "set-cookie" not in again.headers
    assert again.headers["stalwart-session"] == client.cookies[COOKIE]


def test_the_cookie_is_set_when_the_session_changes(client: TestClient) -> None:
    client.cookies.set(COOKIE, "made-up")
    response = client.post("/threads/t-1/messages", json={"text": CHARGE})
    session = response.headers["stalwart-session"]
    assert session != "made-up"
    assert f"{COOKIE}={session}" in response.headers["set-cookie"]


def test_the_cookie_is_set_again_when_its_use_is_noted_a_day_later(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = client.post("/threads/t-1/messages", json={"text": CHARGE}).headers[
        "stalwart-session"
    ]
    later = time.time() + NOTED_EVERY + 60
    monkeypatch.setattr(time, "time", lambda: later)
    again = client.post("/threads/t-2/messages", json={"text": CHARGE})
    assert f"{COOKIE}={session}" in again.headers["set-cookie"]


def test_an_answer_naming_a_session_never_handed_out_looks_it_up_once(
    contract_agent: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    desk, lookups = counted_lookups(contract_agent, monkeypatch)
    with TestClient(make_app(desk)) as client:
        [pause] = turn(client)["waiting"]
        client.cookies.clear()
        answer = {"interrupt_id": pause["id"], "token": pause["token"], "decision": "approve"}
        reply = client.post(
            "/threads/t-1/resume", json=answer, headers={"Stalwart-Session": "made-up"}
        )
    assert reply.status_code == 200
    assert reply.headers["stalwart-session"] != "made-up"
    assert lookups == ["made-up"]
