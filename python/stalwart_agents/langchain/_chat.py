"""The chat's routes over a GraphDoor: its config, a turn posted to the graph, and the stream.

The page at / is the one `stalwart serve` shows (serve/_static.py); what it calls answers here
as `stalwart serve` answers, from the graph's checkpoints instead of our run store.
"""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import AsyncGenerator, Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Final

from langgraph.types import StateSnapshot
from sse_starlette import EventSourceResponse, ServerSentEvent
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp, Receive, Scope, Send

from stalwart_agents._generated.models import Config, ResultTable, StreamEvent, TurnRequest
from stalwart_agents.langchain._door import (
    REQUEST_CONTEXT,
    GraphDoor,
    is_persons,
    last_message,
    message_text,
    thread_config,
)
from stalwart_agents.langchain._interrupts import checkpoint_of, pending_interrupts
from stalwart_agents.langchain._results import tables
from stalwart_agents.serve._bodies import (
    THREAD_PATH,
    last_event_id,
    model_response,
    read_model,
    thread_id,
)
from stalwart_agents.serve._info import health
from stalwart_agents.serve._staff import viewer

__all__ = [
    "CHAT_ROUTES",
    "ChatSettings",
    "ContextOf",
    "InputOf",
    "RuntimeContext",
    "messages_input",
    "stream_frames",
    "thread_events",
]

InputOf = Callable[[str], Any]
"""The graph's input for a person's turn, from the words they typed."""

ContextOf = Callable[[Request], Any]
"""LangGraph's runtime context for a request (the signed-in customer); sync or async."""

# How often an open stream looks for a new checkpoint, which another worker may have written.
POLL_SECONDS: Final = 0.25


def messages_input(text: str) -> dict[str, Any]:
    """The default input=: the turn as a user message, for graphs whose state keeps messages."""
    return {"messages": [{"role": "user", "content": text}]}


@dataclass(frozen=True)
class ChatSettings:
    """What the chat shows of the graph, and how a turn becomes its input."""

    door: GraphDoor
    input_of: InputOf
    name: str
    purpose: str
    language: str
    max_body: int
    ping: float


def _settings(request: Request) -> ChatSettings:
    settings: ChatSettings = request.app.state.chat
    return settings


async def get_config(request: Request) -> Response:
    """GET /config.json: the graph as the page shows it; it lists no tools, so none are offered."""
    chat = _settings(request)
    body = Config(
        name=chat.name,
        purpose=chat.purpose,
        base=str(request.scope.get("root_path") or ""),
        language=chat.language,
        contact=None,
        staff_only=False,
        thumbs=False,
        capabilities=[],
        viewer=await viewer(chat.door.store, request),
    )
    return JSONResponse(body.model_dump(mode="json"))


async def post_message(request: Request) -> Response:
    """POST /threads/{id}/messages: the turn goes to the graph through input=."""
    thread = thread_id(request)
    chat = _settings(request)
    turn = await read_model(request, TurnRequest, chat.max_body)
    reply = await chat.door.invoke(chat.input_of(turn.text), thread_config(thread))
    if chat.door.reply_of is not last_message:
        return model_response(reply)
    state = await chat.door.runner.state(thread_config(thread))
    shown = tables(_last(state), chat.language, chat.door.tools)
    if shown:
        reply = reply.model_copy(
            update={
                "reply": shown[0]["said"],
                "results": [ResultTable.model_validate(table) for table in shown],
            }
        )
    return model_response(reply)


def _last(state: StateSnapshot) -> Any:
    """The state's last message, where it keeps messages."""
    values = state.values if isinstance(state.values, dict) else {}
    messages = values.get("messages")
    return messages[-1] if isinstance(messages, list) and messages else None


async def stream(request: Request) -> Response:
    """GET /threads/{id}/stream: events read from the graph's checkpoints, resumable by id."""
    thread = thread_id(request)
    after = last_event_id(request)
    chat = _settings(request)
    await chat.door.waiting(thread)  # NotFound (404) for a thread the graph never ran
    frames = stream_frames(chat.door, thread, after, chat.language)
    return EventSourceResponse(frames, ping=chat.ping)


async def stream_frames(
    door: GraphDoor, thread: str, after: int, language: str = "en"
) -> AsyncGenerator[ServerSentEvent]:
    """The events after `after` as they come, looking for a new checkpoint every POLL_SECONDS."""
    seen: str | None = None
    while True:
        latest = checkpoint_of(await door.runner.state(thread_config(thread)))
        if latest != seen:
            seen = latest
            for event in await thread_events(door, thread, language):
                if event.id > after:
                    after = event.id
                    yield ServerSentEvent(
                        data=event.model_dump_json(), event=event.type, id=str(event.id)
                    )
        await asyncio.sleep(POLL_SECONDS)


async def thread_events(door: GraphDoor, thread: str, language: str = "en") -> list[StreamEvent]:
    """The thread's events, numbered from 1, read again from its checkpoints oldest first.

    Each person's message is a turn, each other message with text a reply, and each interrupt
    a pause, at the checkpoint where it first appears; history only grows, so numbers hold.
    """
    events: list[StreamEvent] = []
    seen: set[str] = set()

    def add(state: StateSnapshot, kind: str, data: dict[str, Any]) -> None:
        at = state.created_at or datetime.now(UTC).isoformat()
        run = checkpoint_of(state)
        body = {"id": len(events) + 1, "thread": thread, "run": run, "type": kind, "at": at}
        events.append(StreamEvent.model_validate({**body, "data": data}))

    for state in await door.runner.history(thread_config(thread)):
        values = state.values if isinstance(state.values, dict) else {}
        messages = values.get("messages")
        for index, message in enumerate(messages if isinstance(messages, list) else []):
            key, text = _message_key(message, index), message_text(message, language, door.tools)
            if key in seen or not text:
                continue
            seen.add(key)
            if is_persons(message):
                add(state, "turn", {"text": text, "language": None})
            else:
                add(
                    state,
                    "reply",
                    {
                        "message": key,
                        "text": text,
                        "sources": [],
                        "images": [],
                        "files": [],
                        "results": tables(message, language, door.tools),
                    },
                )
        shown = pending_interrupts(
            state, thread, door.store.secret, door.kind_of, expiries=door.expiries
        )
        for pending in shown:
            if pending.graph_id not in seen:
                seen.add(pending.graph_id)
                add(state, "pause", {"interrupt": pending.interrupt.model_dump(mode="json")})
    return events


def _message_key(message: Any, index: int) -> str:
    found = message.get("id") if isinstance(message, dict) else getattr(message, "id", None)
    return found if isinstance(found, str) and found else f"message-{index}"


def _text(message: Any) -> str:
    content = (
        message.get("content") if isinstance(message, dict) else getattr(message, "content", None)
    )
    return content if isinstance(content, str) else ""


class RuntimeContext:
    """Sets REQUEST_CONTEXT for each POST from the app's provider: LangGraph's runtime context."""

    def __init__(self, app: ASGIApp, provider: ContextOf) -> None:
        self.app = app
        self.provider = provider

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "POST":
            await self.app(scope, receive, send)
            return
        given = self.provider(Request(scope))
        if inspect.isawaitable(given):
            given = await given
        token = REQUEST_CONTEXT.set(given)
        try:
            await self.app(scope, receive, send)
        finally:
            REQUEST_CONTEXT.reset(token)


CHAT_ROUTES = (
    Route("/healthz", health, methods=["GET"]),
    Route("/config.json", get_config, methods=["GET"]),
    Route(f"{THREAD_PATH}/messages", post_message, methods=["POST"]),
    Route(f"{THREAD_PATH}/stream", stream, methods=["GET"]),
)
