"""POST .../feedback: a thumb, taken only from the session that was shown the reply."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from stalwart_agents.desk import Desk
from stalwart_agents.errors import Forbidden, NotFound
from stalwart_agents.serve._feedback import keep_thumb
from stalwart_agents.serve._sessions import Sessions
from tests.unit.engine.helpers import CONTEXT, charge

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


async def test_a_thumb_is_kept_from_the_session_shown_the_reply(desk: Desk) -> None:
    session = await Sessions(desk.store).new()
    reply = await desk.turn("u-17", charge(), context=CONTEXT, session=session)
    await keep_thumb(desk.store, "u-17", reply.message, "up", session)
    assert await desk.store.feedback(reply.message) == "up"


async def test_a_thumb_from_another_session_is_forbidden_and_changes_nothing(desk: Desk) -> None:
    shown, other = await Sessions(desk.store).new(), await Sessions(desk.store).new()
    reply = await desk.turn("u-17", charge(), context=CONTEXT, session=shown)
    with pytest.raises(Forbidden):
        await keep_thumb(desk.store, "u-17", reply.message, "down", other)
    assert await desk.store.feedback(reply.message) is None


async def test_a_thumb_on_an_unknown_reply_is_not_found(desk: Desk) -> None:
    with pytest.raises(NotFound):
        await keep_thumb(
            desk.store, "u-17", "no-such-reply", "up", await Sessions(desk.store).new()
        )


async def test_the_reply_to_an_answer_is_shown_to_the_answering_session(desk: Desk) -> None:
    session = await Sessions(desk.store).new()
    await desk.turn("u-17", charge(), context=CONTEXT, session=session)
    reply = await desk.answer("u-17", "approve", session=session)
    await keep_thumb(desk.store, "u-17", reply.message, "up", session)
    assert await desk.store.feedback(reply.message) == "up"
