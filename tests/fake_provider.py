"""A fake model provider: a real HTTP server on loopback speaking both providers' wire formats.

It answers `POST /v1/chat/completions` as OpenAI's Chat Completions API does and
`POST /v1/messages` as Anthropic's Messages API does, each from the same script: a test queues
what the model says next (`Calls`, `Words`, `Failure`), and each request takes the next one, in
the shape of the route it came to. `GET /v1/models` lists models and costs no tokens, as both
APIs do. Every request is kept, so a test sees what reached the model and what did not.

Shapes followed: OpenAI's `chat.completion` object (tool calls with JSON-string `arguments`,
`finish_reason`, `usage.prompt_tokens`), its error object (`{"error": {"message", "type",
"code"}}`); Anthropic's `message` object (`text` and `tool_use` content blocks, `stop_reason`,
`usage.input_tokens`), its error object (`{"type": "error", "error": {"type", "message"}}`), its
required `x-api-key` and `anthropic-version` headers; both APIs' `retry-after` on a 429.
A request with `stream: true` gets the same answer as server-sent events (tests/fake_stream.py);
an error status still comes before any event, as both APIs send it, and `Broken` fails midway.
Shared by the unit tests (the `provider_server` fixture) and the browser tests (`running`).
"""

from __future__ import annotations

import asyncio
import json
import socket
import threading
from collections import deque
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import pytest
import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response, StreamingResponse
from starlette.routing import Route

from tests.fake_stream import anthropic_events, openai_events

__all__ = [
    "Broken",
    "Calls",
    "Failure",
    "FakeProvider",
    "Received",
    "Scripted",
    "Words",
    "provider_server",
    "running",
]

# What each API calls an error of a status, in its error object's `type`.
_OPENAI_TYPES = {401: "invalid_api_key", 429: "rate_limit_exceeded"}
_ANTHROPIC_TYPES = {
    400: "invalid_request_error",
    401: "authentication_error",
    403: "permission_error",
    404: "not_found_error",
    429: "rate_limit_error",
    500: "api_error",
    529: "overloaded_error",
}


@dataclass(frozen=True)
class Calls:
    """The model calls tools: each (name, arguments), arguments a dict or raw JSON text."""

    calls: tuple[tuple[str, Any], ...]
    text: str = ""

    def __init__(self, *calls: tuple[str, Any], text: str = "") -> None:
        object.__setattr__(self, "calls", calls)
        object.__setattr__(self, "text", text)


@dataclass(frozen=True)
class Words:
    """The model answers in words and calls nothing."""

    text: str


@dataclass(frozen=True)
class Failure:
    """The API answers with an error: a status, its message, and a Retry-After on a 429.

    `kind` is the error's OpenAI `code` or Anthropic `type` where not the status's own: some
    OpenAI-compatible servers answer a wrong key with a 400 that names it.
    """

    status: int
    message: str
    retry_after: int | None = None
    kind: str | None = None


@dataclass(frozen=True)
class Broken:
    """A streamed answer starts, then the API sends an error event: its type and message."""

    kind: str
    message: str


Scripted = Calls | Words | Failure | Broken


@dataclass
class Received:
    """One request the fake provider received."""

    path: str
    headers: dict[str, str]
    body: Any


@dataclass
class FakeProvider:
    """What the next answers are, and every request received."""

    base: str
    key: str | None = None
    status: int = 200
    answer: Any = None
    raw: str | None = None
    events: str | None = None
    delay: float = 0.0
    down: Failure | None = None
    input_tokens: int = 57
    output_tokens: int = 12
    script: deque[Scripted] = field(default_factory=deque)
    received: list[Received] = field(default_factory=list)

    def reset(self) -> None:
        """A clean slate: no key, no script, no delay, nothing received."""
        self.received.clear()
        self.script.clear()
        self.key = None
        self.delay = 0.0
        self.down = None
        self.answer_with(None)

    def then(self, *answers: Scripted) -> None:
        """Queue what the model answers to the next requests, one each, in order."""
        self.script.extend(answers)

    def answer_with(self, answer: Any, status: int = 200) -> None:
        """Answer every request with this body, as given, where nothing is scripted."""
        self.answer, self.status, self.raw, self.events = answer, status, None, None

    def answer_raw(self, text: str, status: int = 200) -> None:
        """Answer every request with this text, which need not be JSON."""
        self.raw, self.status = text, status

    def stream_raw(self, text: str) -> None:
        """Answer every request with this event-stream text, which need not be well formed."""
        self.events = text

    def knows(self, headers: dict[str, str]) -> bool:
        """Without a key set, any; with one, only that key, as the route's API sends it."""
        given = {headers.get("authorization"), f"Bearer {headers.get('x-api-key')}"}
        return self.key is None or f"Bearer {self.key}" in given

    def models(self) -> list[Received]:
        """The requests that asked the model something (not the free model list)."""
        return [asked for asked in self.received if asked.body is not None]

    async def handle(self, request: Request) -> Response:
        body = await request.json() if request.method == "POST" else None
        headers = dict(request.headers)
        self.received.append(Received(request.url.path, headers, body))
        anthropic = request.url.path.endswith("/messages")
        if anthropic and "anthropic-version" not in headers:
            return _error(True, Failure(400, "anthropic-version: header is required"))
        if self.down is not None:
            return _error(anthropic, self.down)
        if not self.knows(headers):
            return _error(anthropic, Failure(401, "Incorrect API key provided."))
        # The answer is taken as the request arrives: a slow one a test gave up on must not
        # take the next test's answer when it wakes.
        scripted = self.script.popleft() if body is not None and self.script else None
        if self.delay:
            await asyncio.sleep(self.delay)
        if body is None:
            return JSONResponse({"object": "list", "data": [{"id": "fake-model"}]})
        usage = self._usage(anthropic)
        if scripted is not None:
            return _scripted(scripted, anthropic, body, usage)
        if self.raw is not None:
            return PlainTextResponse(self.raw, status_code=self.status)
        if self.events is not None:
            return StreamingResponse(iter([self.events]), media_type=_EVENTS)
        if self.answer is None:
            return _scripted(Calls(), anthropic, body, usage)
        if body.get("stream") and self.status == 200:
            return _scripted(_said(self.answer, anthropic), anthropic, body, usage)
        return JSONResponse(self.answer, status_code=self.status)

    def _usage(self, anthropic: bool) -> dict[str, int]:
        if anthropic:
            return {"input_tokens": self.input_tokens, "output_tokens": self.output_tokens}
        total = self.input_tokens + self.output_tokens
        return {
            "prompt_tokens": self.input_tokens,
            "completion_tokens": self.output_tokens,
            "total_tokens": total,
        }


# The media type of a streamed answer, in both APIs.
_EVENTS = "text/event-stream"


def _said(answer: dict[str, Any], anthropic: bool) -> Calls:
    """What a whole answer in the API's shape says, to send it again as a stream."""
    if anthropic:
        blocks = answer["content"]
        text = " ".join(block["text"] for block in blocks if block["type"] == "text")
        uses = [(b["name"], b["input"]) for b in blocks if b["type"] == "tool_use"]
        return Calls(*uses, text=text)
    message = answer["choices"][0]["message"]
    calls = [
        (call["function"]["name"], call["function"]["arguments"])
        for call in message.get("tool_calls") or []
    ]
    return Calls(*calls, text=message.get("content") or "")


def _scripted(
    answer: Scripted, anthropic: bool, body: dict[str, Any], usage: dict[str, int]
) -> Response:
    if isinstance(answer, Failure):
        return _error(anthropic, answer)
    model = str(body.get("model", "fake-model"))
    if body.get("stream"):
        text = "" if isinstance(answer, Broken) else answer.text
        calls = answer.calls if isinstance(answer, Calls) else ()
        error = (
            {"type": answer.kind, "message": answer.message} if isinstance(answer, Broken) else None
        )
        if anthropic:
            events = anthropic_events(model, text, calls, usage, error)
        else:
            told = (body.get("stream_options") or {}).get("include_usage")
            events = openai_events(model, text, calls, usage if told else None, error)
        return StreamingResponse(events, media_type=_EVENTS)
    if isinstance(answer, Broken):
        return _error(anthropic, Failure(500, answer.message))
    calls = answer.calls if isinstance(answer, Calls) else ()
    if anthropic:
        return JSONResponse(anthropic_message(model, answer.text, calls, usage))
    return JSONResponse(openai_completion(model, answer.text, calls, usage))


def openai_completion(
    model: str, text: str, calls: tuple[tuple[str, Any], ...], usage: dict[str, int]
) -> dict[str, Any]:
    """A `chat.completion`: tool calls carry their arguments as a JSON string, as OpenAI's do."""
    message: dict[str, Any] = {"role": "assistant", "content": text or None, "refusal": None}
    if calls:
        message["tool_calls"] = [
            {
                "id": f"call_{index}",
                "type": "function",
                "function": {
                    "name": name,
                    "arguments": arguments if isinstance(arguments, str) else json.dumps(arguments),
                },
            }
            for index, (name, arguments) in enumerate(calls)
        ]
    return {
        "id": "chatcmpl-fake",
        "object": "chat.completion",
        "created": 1_765_000_000,
        "model": model,
        "choices": [
            {
                "index": 0,
                "message": message,
                "logprobs": None,
                "finish_reason": "tool_calls" if calls else "stop",
            }
        ],
        "usage": usage,
    }


def anthropic_message(
    model: str, text: str, calls: tuple[tuple[str, Any], ...], usage: dict[str, int]
) -> dict[str, Any]:
    """A `message`: a text block where the model said something, then one `tool_use` per call."""
    content: list[dict[str, Any]] = [{"type": "text", "text": text}] if text else []
    content += [
        {"type": "tool_use", "id": f"toolu_{index}", "name": name, "input": arguments}
        for index, (name, arguments) in enumerate(calls)
    ]
    return {
        "id": "msg_fake",
        "type": "message",
        "role": "assistant",
        "model": model,
        "content": content,
        "stop_reason": "tool_use" if calls else "end_turn",
        "stop_sequence": None,
        "usage": usage,
    }


def _error(anthropic: bool, failure: Failure) -> Response:
    headers = {} if failure.retry_after is None else {"retry-after": str(failure.retry_after)}
    if anthropic:
        kind = failure.kind or _ANTHROPIC_TYPES.get(failure.status, "api_error")
        body: dict[str, Any] = {
            "type": "error",
            "error": {"type": kind, "message": failure.message},
        }
    else:
        code = failure.kind or _OPENAI_TYPES.get(failure.status)
        body = {
            "error": {"message": failure.message, "type": "invalid_request_error", "code": code}
        }
    return JSONResponse(body, status_code=failure.status, headers=headers)


@contextmanager
def running() -> Iterator[FakeProvider]:
    """A started fake provider on a free loopback port, stopped on leaving."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    fake = FakeProvider(base=f"http://127.0.0.1:{port}")
    app = Starlette(
        routes=[
            Route("/v1/chat/completions", fake.handle, methods=["POST"]),
            Route("/v1/messages", fake.handle, methods=["POST"]),
            Route("/v1/models", fake.handle, methods=["GET"]),
        ]
    )
    config = uvicorn.Config(
        app, log_level="critical", lifespan="off", ws="none", timeout_graceful_shutdown=1
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    for _ in range(500):
        if server.started:
            break
        threading.Event().wait(0.01)
    else:  # pragma: no cover - only when the machine cannot start a server at all
        raise RuntimeError("The fake provider did not start within 5 s.")
    try:
        yield fake
    finally:
        server.should_exit = True
        thread.join(timeout=5)
        sock.close()


@pytest.fixture(scope="module")
def _server() -> Iterator[FakeProvider]:
    with running() as fake:
        yield fake


@pytest.fixture
def provider_server(_server: FakeProvider) -> FakeProvider:
    """The module's fake provider, with a clean slate for this test."""
    _server.reset()
    return _server
