"""Sessions: an HttpOnly SameSite=Strict cookie, and the Stalwart-Session header for embedders."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from stalwart_agents import Desk
from stalwart_agents.serve import make_app

from .helpers import CHARGE


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


def test_a_known_session_is_not_looked_up_again(
    serve: Callable[..., TestClient], contract_agent: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = (
        serve().post("/threads/t-1/messages", json={"text": CHARGE}).headers["stalwart-session"]
    )
    desk = Desk(contract_agent)
    lookups: list[str] = []
    exists = desk.store.session_exists

    async def counted(named: str) -> bool:
        lookups.append(named)
        return await exists(named)

    monkeypatch.setattr(desk.store, "session_exists", counted)
    with TestClient(make_app(desk)) as other:
        for number in range(3):
            reply = other.post(
                f"/threads/t-{number + 2}/messages",
                json={"text": CHARGE},
                headers={"Stalwart-Session": session},
            )
            assert reply.headers["stalwart-session"] == session
    assert lookups == [session]
