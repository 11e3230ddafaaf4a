"""Approvals from another channel: pauses posted by Webhook, answers signed with the secret."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from typing import Any

import pytest
import stripe
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route
from starlette.testclient import TestClient
from starlette.types import ASGIApp

from stalwart_agents.serve import Webhook, sign

from .helpers import turn

SECRET = "whsec_contract"


@pytest.fixture
def receiver(
    loopback: Callable[[ASGIApp], AbstractContextManager[str]],
) -> Iterator[tuple[str, list[dict[str, Any]]]]:
    """A channel that keeps each pause it is sent, when stripe-python accepts its signature."""
    kept: list[dict[str, Any]] = []

    async def take(request: Request) -> Response:
        body = await request.body()
        header = request.headers.get("stalwart-signature")
        stripe.WebhookSignature.verify_header(body, header, SECRET, tolerance=300)
        kept.append(json.loads(body))
        return Response(status_code=204)

    async def down(request: Request) -> Response:
        return Response(status_code=502)

    app = Starlette(
        routes=[Route("/hook", take, methods=["POST"]), Route("/down", down, methods=["POST"])]
    )
    with loopback(app) as url:
        yield url, kept


def signed(client: TestClient, pause: dict[str, Any], *, at: int | None = None) -> Any:
    body = json.dumps(
        {"interrupt_id": pause["id"], "token": pause["token"], "decision": "approve"}
    ).encode()
    header = sign(body, SECRET, timestamp=at)
    return client.post(
        f"/threads/{pause['thread']}/resume",
        content=body,
        headers={"Content-Type": "application/json", "Stalwart-Signature": header},
    )


def test_each_new_pause_is_posted_to_the_channel(
    serve: Callable[..., TestClient], receiver: tuple[str, list[dict[str, Any]]]
) -> None:
    url, kept = receiver
    client = serve(on_interrupt=Webhook(f"{url}/hook", SECRET))
    [pause] = turn(client)["waiting"]
    assert [notice["interrupt"] for notice in kept] == [pause]


def test_the_notice_names_where_to_answer_under_the_public_url(
    serve: Callable[..., TestClient], receiver: tuple[str, list[dict[str, Any]]]
) -> None:
    url, kept = receiver
    client = serve(
        on_interrupt=Webhook(f"{url}/hook", SECRET),
        public_url="https://bot.example.com",
        base="/agent",
    )
    turn(client, "u-17")
    assert kept[0]["resume_url"] == "https://bot.example.com/agent/threads/u-17/resume"


def test_a_failed_post_never_fails_the_turn_and_is_listed(
    serve: Callable[..., TestClient], receiver: tuple[str, list[dict[str, Any]]]
) -> None:
    url, _ = receiver
    client = serve(on_interrupt=Webhook(f"{url}/down", SECRET))
    reply = turn(client)
    [missed] = reply["not_notified"]
    assert missed["interrupt_id"] == reply["waiting"][0]["id"]
    assert missed["url"] == f"{url}/down"
    assert "502" in missed["error"]


def test_with_a_secret_a_signed_answer_is_taken(
    serve: Callable[..., TestClient], calls: Callable[[str], int]
) -> None:
    client = serve(secret=SECRET)
    [pause] = turn(client)["waiting"]
    assert signed(client, pause).status_code == 200
    assert calls("charge") == 1


def test_with_a_secret_an_unsigned_answer_gets_401(
    serve: Callable[..., TestClient], calls: Callable[[str], int]
) -> None:
    client = serve(secret=SECRET)
    [pause] = turn(client)["waiting"]
    body = {"interrupt_id": pause["id"], "token": pause["token"], "decision": "approve"}
    response = client.post("/threads/t-1/resume", json=body)
    assert response.status_code == 401
    assert response.json()["code"] == "unauthorized"
    assert calls("charge") == 0


def test_with_a_secret_an_answer_signed_over_five_minutes_ago_gets_401(
    serve: Callable[..., TestClient],
) -> None:
    client = serve(secret=SECRET)
    [pause] = turn(client)["waiting"]
    assert signed(client, pause, at=int(time.time()) - 301).status_code == 401
