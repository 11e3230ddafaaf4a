"""POST .../feedback: a thumb, taken only from the session that was shown the reply."""

from __future__ import annotations

from starlette.testclient import TestClient

from .helpers import turn


def test_the_session_shown_the_reply_gives_it_a_thumb(client: TestClient) -> None:
    message = turn(client)["message"]
    response = client.post("/threads/t-1/feedback", json={"message": message, "thumb": "up"})
    assert response.status_code == 204


def test_another_session_is_refused(client: TestClient) -> None:
    message = turn(client)["message"]
    client.cookies.clear()
    other = client.post("/threads/t-2/messages", json={"text": "look up order 1"})
    response = client.post(
        "/threads/t-1/feedback",
        json={"message": message, "thumb": "down"},
        headers={"Stalwart-Session": other.headers["stalwart-session"]},
    )
    assert response.status_code == 403
    assert response.json()["code"] == "forbidden"


def test_no_session_is_refused(client: TestClient) -> None:
    message = turn(client)["message"]
    client.cookies.clear()
    response = client.post("/threads/t-1/feedback", json={"message": message, "thumb": "up"})
    assert response.status_code == 403


def test_an_unknown_reply_gets_404(client: TestClient) -> None:
    turn(client)
    response = client.post("/threads/t-1/feedback", json={"message": "nope", "thumb": "up"})
    assert response.status_code == 404


def test_a_thumb_other_than_up_or_down_gets_422(client: TestClient) -> None:
    message = turn(client)["message"]
    response = client.post("/threads/t-1/feedback", json={"message": message, "thumb": "meh"})
    assert response.status_code == 422
