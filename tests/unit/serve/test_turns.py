"""POST /threads/{id}/messages: a turn's answer, checked before anything is looked up."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from starlette.testclient import TestClient

from .helpers import turn


def test_a_write_waits_with_its_arguments_and_their_origins(client: TestClient) -> None:
    [pause] = turn(client)["waiting"]
    assert pause["kind"] == "confirm"
    assert pause["tool"] == "charge"
    assert pause["reasons"] == ["write"]
    assert pause["choices"] == ["approve", "skip", "cancel_all"]
    assert {(a["name"], a["value"], a["origin"]) for a in pause["arguments"]} == {
        ("amount", 40, "typed"),
        ("order_id", "4411", "typed"),
    }


def test_the_answer_carries_its_thread_run_and_message(client: TestClient) -> None:
    reply = turn(client, "u-17")
    assert reply["thread"] == "u-17"
    assert reply["run"] and reply["message"]
    assert reply["not_notified"] == []


def test_a_read_runs_and_is_told_in_the_reply(
    client: TestClient, calls: Callable[[str], int]
) -> None:
    reply = turn(client, text="look up order 4411")
    assert reply["waiting"] == []
    assert "4411" in reply["reply"]
    assert calls("lookup") == 1


def test_a_read_shows_its_sources_with_the_outside_server(client: TestClient) -> None:
    reply = turn(client, text="look up order 4411")
    assert reply["sources"] == [
        {"title": "Order 4411", "url": "https://orders.example/4411", "server": "orders.example"},
        {"title": "How orders work", "url": "/help/orders", "server": None},
    ]
    assert (reply["images"], reply["files"]) == ([], [])


def test_the_context_comes_from_the_application(serve: Callable[..., TestClient]) -> None:
    client = serve(context=lambda request: {"customer": "c-208"})
    assert "c-208" in turn(client, text="look up order 4411")["reply"]


def test_the_body_cannot_carry_a_context(client: TestClient) -> None:
    body = {"text": "look up order 4411", "context": {"customer": "c-1"}}
    response = client.post("/threads/t-1/messages", json=body)
    assert response.status_code == 422
    assert response.json()["code"] == "invalid_request"


def test_an_async_context_provider_is_awaited(serve: Callable[..., TestClient]) -> None:
    async def context(request: object) -> dict[str, str]:
        return {"customer": "c-301"}

    client = serve(context=context)
    assert "c-301" in turn(client, text="look up order 4411")["reply"]


def test_a_body_over_the_limit_gets_413(serve: Callable[..., TestClient]) -> None:
    client = serve(max_body=100)
    response = client.post("/threads/t-1/messages", json={"text": "x" * 200})
    assert response.status_code == 413
    assert response.json()["code"] == "payload_too_large"


def test_a_body_that_is_not_json_gets_400(client: TestClient) -> None:
    response = client.post(
        "/threads/t-1/messages", content=b"{text:", headers={"Content-Type": "application/json"}
    )
    assert response.status_code == 400
    assert response.headers["content-type"] == "application/problem+json"
    assert response.json()["code"] == "invalid_request"


def test_a_lone_surrogate_gets_400(client: TestClient) -> None:
    response = client.post(
        "/threads/t-1/messages",
        content=b'{"text": "\\ud800"}',
        headers={"Content-Type": "application/json"},
    )
    assert response.status_code == 400


def test_a_body_off_the_schema_gets_422_naming_the_field(client: TestClient) -> None:
    response = client.post("/threads/t-1/messages", json={"text": ""})
    assert response.status_code == 422
    assert "text" in response.json()["detail"]


def test_a_language_the_selector_does_not_read_gets_422(client: TestClient) -> None:
    response = client.post("/threads/t-1/messages", json={"text": "oi", "language": "pt-PT"})
    assert response.status_code == 422


def test_a_turn_in_portuguese_is_read_when_chosen(client: TestClient) -> None:
    body = {"text": "cobrar 40,00 do pedido 4411", "language": "pt-BR"}
    reply = client.post("/threads/t-1/messages", json=body).json()
    assert reply["waiting"][0]["tool"] == "charge"


def test_a_bad_thread_id_gets_422(client: TestClient) -> None:
    response = client.post("/threads/-dash-first/messages", json={"text": "hi"})
    assert response.status_code == 422


def test_a_thread_id_with_a_slash_gets_422(client: TestClient) -> None:
    response = client.post("/threads/a%2Fb/messages", json={"text": "hi"})
    assert response.status_code == 422


@pytest.mark.parametrize(
    ("method", "route"),
    [
        ("POST", "messages"),
        ("GET", "interrupts"),
        ("POST", "resume"),
        ("POST", "rollback"),
        ("POST", "feedback"),
        ("GET", "stream"),
    ],
)
def test_a_thread_id_holding_a_newline_gets_422_naming_it_on_every_route(
    client: TestClient, method: str, route: str
) -> None:
    response = client.request(method, f"/threads/a%0Ab/{route}", json={})
    assert response.status_code == 422
    assert "'a\\nb' is not a thread id" in response.json()["detail"]
