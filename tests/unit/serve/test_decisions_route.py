"""GET /threads/{id}/decisions: each answer with its channel, who gave it and when, oldest first."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from starlette.testclient import TestClient

from stalwart_agents.ids import session_handle
from stalwart_agents.serve import sign
from stalwart_agents.serve._sessions import COOKIE

from .helpers import turn

SECRET = "whsec_contract"


def answer(pause: dict[str, str], decision: str = "skip") -> dict[str, str]:
    return {"interrupt_id": pause["id"], "token": pause["token"], "decision": decision}


def test_an_answer_from_the_page_is_the_chat_s_and_yours_to_that_page(client: TestClient) -> None:
    [pause] = turn(client)["waiting"]
    session = client.cookies[COOKIE]
    assert client.post("/threads/t-1/resume", json=answer(pause)).status_code == 200
    listed = client.get("/threads/t-1/decisions")
    assert listed.status_code == 200
    [decided] = listed.json()["decisions"]
    at = datetime.fromisoformat(decided.pop("at"))
    assert abs(datetime.now(UTC) - at) < timedelta(minutes=1)
    assert decided == {
        "interrupt": pause["id"],
        "kind": "confirm",
        "step": 0,
        "decision": "skip",
        "channel": "chat",
        "by": session_handle(session),
        "staff": False,
        "yours": True,
    }


def test_another_session_sees_the_decision_as_not_its_own(client: TestClient) -> None:
    [pause] = turn(client)["waiting"]
    client.post("/threads/t-1/resume", json=answer(pause))
    client.cookies.clear()
    [decided] = client.get("/threads/t-1/decisions").json()["decisions"]
    assert decided["yours"] is False


def test_an_answer_that_names_no_session_is_the_api_s(client: TestClient) -> None:
    [pause] = turn(client)["waiting"]
    client.cookies.clear()
    assert client.post("/threads/t-1/resume", json=answer(pause, "approve")).status_code == 200
    [decided] = client.get("/threads/t-1/decisions").json()["decisions"]
    assert (decided["decision"], decided["channel"]) == ("approve", "api")


def test_a_browser_page_s_first_answer_is_the_chat_s_though_it_named_no_session(
    client: TestClient,
) -> None:
    [pause] = turn(client)["waiting"]
    client.cookies.clear()
    browser = {"Sec-Fetch-Site": "same-origin"}
    response = client.post("/threads/t-1/resume", json=answer(pause), headers=browser)
    assert response.status_code == 200
    [decided] = client.get("/threads/t-1/decisions").json()["decisions"]
    assert (decided["channel"], decided["yours"]) == ("chat", True)


def test_a_signed_answer_is_the_webhook_s(serve: Callable[..., TestClient]) -> None:
    client = serve(secret=SECRET)
    [pause] = turn(client)["waiting"]
    body = json.dumps(answer(pause)).encode()
    response = client.post(
        "/threads/t-1/resume",
        content=body,
        headers={"Content-Type": "application/json", "Stalwart-Signature": sign(body, SECRET)},
    )
    assert response.status_code == 200, response.text
    [decided] = client.get("/threads/t-1/decisions").json()["decisions"]
    assert decided["channel"] == "webhook"


def test_the_stream_s_answer_event_carries_the_channel(client: TestClient) -> None:
    [pause] = turn(client)["waiting"]
    client.post("/threads/t-1/resume", json=answer(pause))
    desk = client.app.state.host.desk  # type: ignore[attr-defined]
    events = client.portal.call(desk.events, "t-1")  # type: ignore[union-attr]
    [answered] = [e["data"] for e in events if e["type"] == "answer"]
    assert (answered["channel"], answered["staff"]) == ("chat", False)


def test_a_thread_without_turns_has_no_decisions_to_list(client: TestClient) -> None:
    response = client.get("/threads/t-none/decisions")
    assert (response.status_code, response.json()["code"]) == (404, "not_found")


def test_a_thread_id_that_breaks_the_pattern_is_refused(client: TestClient) -> None:
    response = client.get("/threads/%20bad%20/decisions")
    assert (response.status_code, response.json()["code"]) == (422, "invalid_request")
