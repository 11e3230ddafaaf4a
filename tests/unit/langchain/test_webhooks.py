"""Each new interrupt is told to on_interrupt; a failure is listed under not_notified."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from stalwart_agents._generated.models import Interrupt
from stalwart_agents.langchain import Webhook
from stalwart_agents.webhook import verify
from tests.loopback import serving

from .conftest import Worker
from .helpers import answer, resume, turn

Client = Callable[[Starlette], httpx.AsyncClient]
SECRET = "whsec_langgraph"


@pytest.fixture
def receiver() -> Iterator[tuple[str, list[dict[str, Any]]]]:
    """A channel on loopback that keeps each notice whose signature verifies."""
    kept: list[dict[str, Any]] = []

    async def take(request: Request) -> Response:
        body = await request.body()
        verify(request.headers.get("stalwart-signature"), body, SECRET)
        kept.append(json.loads(body))
        return Response(status_code=204)

    async def down(request: Request) -> Response:
        return Response(status_code=502)

    app = Starlette(
        routes=[Route("/hook", take, methods=["POST"]), Route("/down", down, methods=["POST"])]
    )
    with serving(app) as url:
        yield url, kept


async def test_each_new_interrupt_is_posted_signed(
    local_worker: Worker, receiver: tuple[str, list[dict[str, Any]]]
) -> None:
    url, kept = receiver
    app = await local_worker(on_interrupt=Webhook(f"{url}/hook", SECRET))
    reply = await turn(app)
    assert [notice["interrupt"] for notice in kept] == reply["waiting"]
    assert reply["not_notified"] == []


async def test_an_answer_posts_only_the_interrupts_it_left_new(
    local_worker: Worker, client_of: Client, receiver: tuple[str, list[dict[str, Any]]]
) -> None:
    url, kept = receiver
    app = await local_worker(on_interrupt=Webhook(f"{url}/hook", SECRET))
    charge, _ = (await turn(app))["waiting"]
    kept.clear()
    assert (await resume(client_of(app), answer(charge))).status_code == 200
    assert kept == []


async def test_a_failed_post_is_listed_and_the_turn_stands(
    local_worker: Worker, receiver: tuple[str, list[dict[str, Any]]]
) -> None:
    url, _ = receiver
    app = await local_worker(on_interrupt=Webhook(f"{url}/down", SECRET))
    reply = await turn(app)
    assert [item["interrupt_id"] for item in reply["not_notified"]] == [
        pause["id"] for pause in reply["waiting"]
    ]
    assert {item["url"] for item in reply["not_notified"]} == {f"{url}/down"}
    assert "502" in reply["not_notified"][0]["error"]


async def test_each_attempt_is_kept_in_the_run_store(
    local_worker: Worker, receiver: tuple[str, list[dict[str, Any]]]
) -> None:
    url, _ = receiver
    app = await local_worker(on_interrupt=Webhook(f"{url}/down", SECRET))
    charge = (await turn(app))["waiting"][0]
    [delivery] = await app.state.door.store.deliveries(charge["id"])
    assert (delivery["url"], "502" in delivery["error"]) == (f"{url}/down", True)


async def test_a_hook_that_raises_is_listed_with_its_error(local_worker: Worker) -> None:
    def refuse(thread: str, interrupt: Interrupt) -> None:
        raise RuntimeError("queue is full")

    reply = await turn(await local_worker(on_interrupt=refuse))
    assert {item["error"] for item in reply["not_notified"]} == {"queue is full"}
    assert len(reply["waiting"]) == 2


async def test_the_notice_names_where_to_answer(
    local_worker: Worker, receiver: tuple[str, list[dict[str, Any]]]
) -> None:
    url, kept = receiver
    hook = Webhook(f"{url}/hook", SECRET)
    app = await local_worker(on_interrupt=hook, public_url="https://bot.example.com", base="/lg")
    await turn(app)
    assert kept[0]["resume_url"] == "https://bot.example.com/lg/threads/t-1/resume"
