"""The door serves what the chat page calls: the page, its config, turns, the stream, health."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
from langgraph.checkpoint.memory import InMemorySaver
from starlette.applications import Starlette

from stalwart_agents.langchain import make_resume_app
from stalwart_agents.langchain._chat import stream_frames, thread_events
from stalwart_agents.serve._static import ui_directory
from stalwart_agents.store.sqlite import SqliteRunStore

from .graphs import Effects, inbox_agent
from .helpers import THREAD, answer
from .test_inbox import EVERYTHING, customer

Client = Callable[[Starlette], httpx.AsyncClient]


def chat_app(tmp_path: Path, effects: Effects, **options: Any) -> Starlette:
    graph = inbox_agent(effects, InMemorySaver(), EVERYTHING)
    store = SqliteRunStore(tmp_path / "runs.db")
    return make_resume_app(graph, store=store, context=customer, **options)


async def test_the_page_is_the_one_stalwart_serve_shows(
    tmp_path: Path, effects: Effects, client_of: Client
) -> None:
    client = client_of(chat_app(tmp_path, effects))
    page = await client.get("/")
    assert page.content == (ui_directory() / "index.html").read_bytes()
    assert "default-src 'self'" in page.headers["content-security-policy"]
    assert (await client.get("/app.js")).status_code == 200


async def test_config_and_health_answer(
    tmp_path: Path, effects: Effects, client_of: Client
) -> None:
    app = chat_app(tmp_path, effects, name="Mail desk", purpose="I send e-mail.", language="pt-BR")
    client = client_of(app)
    config = (await client.get("/config.json")).json()
    assert (config["name"], config["purpose"], config["language"]) == (
        "Mail desk",
        "I send e-mail.",
        "pt-BR",
    )
    assert (config["capabilities"], config["thumbs"]) == ([], False)
    assert (await client.get("/healthz")).json() == {"status": "ok"}


async def test_a_turn_goes_to_the_graph_through_the_input_mapping(
    tmp_path: Path, effects: Effects, client_of: Client
) -> None:
    def shouted(text: str) -> dict[str, Any]:
        return {"messages": [{"role": "user", "content": text.upper()}]}

    client = client_of(chat_app(tmp_path, effects, input=shouted))
    reply = await client.post(f"/threads/{THREAD}/messages", json={"text": "hello"})
    (pause,) = reply.json()["waiting"]
    assert pause["arguments"][1]["value"] == "HELLO"


async def test_a_bad_turn_is_refused_with_a_problem(
    tmp_path: Path, effects: Effects, client_of: Client
) -> None:
    client = client_of(chat_app(tmp_path, effects))
    response = await client.post(f"/threads/{THREAD}/messages", json={"words": "hello"})
    assert response.status_code == 422
    assert response.headers["content-type"] == "application/problem+json"


async def test_the_stream_of_a_thread_never_run_is_404(
    tmp_path: Path, effects: Effects, client_of: Client
) -> None:
    client = client_of(chat_app(tmp_path, effects))
    assert (await client.get("/threads/t-never/stream")).status_code == 404


async def test_the_events_come_from_the_checkpoints_turn_pause_then_reply(
    tmp_path: Path, effects: Effects, client_of: Client
) -> None:
    app = chat_app(tmp_path, effects)
    client = client_of(app)
    sent = await client.post(f"/threads/{THREAD}/messages", json={"text": "Your order shipped."})
    (pause,) = sent.json()["waiting"]
    done = (await client.post(f"/threads/{THREAD}/resume", json=answer(pause))).json()

    events = await thread_events(app.state.door, THREAD)

    assert [(event.id, event.type) for event in events] == [
        (1, "turn"),
        (2, "pause"),
        (3, "reply"),
    ]
    assert events[0].data["text"] == "Your order shipped."
    assert events[1].data["interrupt"]["id"] == pause["id"]
    assert events[2].data["message"] == done["message"]
    assert events[2].data["text"] == done["reply"]


async def test_the_stream_sends_the_events_after_last_event_id(
    tmp_path: Path, effects: Effects, client_of: Client
) -> None:
    app = chat_app(tmp_path, effects)
    client = client_of(app)
    await client.post(f"/threads/{THREAD}/messages", json={"text": "Your order shipped."})
    frames = stream_frames(app.state.door, THREAD, 1)
    try:
        frame = await anext(frames)
    finally:
        await frames.aclose()
    assert (frame.event, frame.id) == ("pause", "2")
    assert json.loads(str(frame.data))["type"] == "pause"


async def test_the_streams_pause_shows_the_expiry_the_listing_shows(
    tmp_path: Path, effects: Effects, client_of: Client
) -> None:
    expires = {"confirm": {"after": "2h", "answer": "skip"}}
    app = chat_app(tmp_path, effects, expires=expires)
    client = client_of(app)
    await client.post(f"/threads/{THREAD}/messages", json={"text": "Your order shipped."})
    [listed] = (await client.get(f"/threads/{THREAD}/interrupts")).json()["interrupts"]
    events = await thread_events(app.state.door, THREAD)
    [pause] = [event for event in events if event.type == "pause"]
    assert listed["expiry_answer"] == "skip"
    assert pause.data["interrupt"] == listed
