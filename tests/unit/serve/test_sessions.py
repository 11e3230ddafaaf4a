"""Sessions: an HttpOnly SameSite=Strict cookie, and the Stalwart-Session header for embedders."""

from __future__ import annotations

from starlette.testclient import TestClient

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
