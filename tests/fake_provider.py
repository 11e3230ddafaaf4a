"""A fake model provider: a real HTTP server on loopback that records requests and answers.

Shared by the provider tests and the AI key tests, through their conftest files.
"""

from __future__ import annotations

import asyncio
import socket
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Route


@dataclass
class Received:
    """One request the fake provider received."""

    path: str
    headers: dict[str, str]
    body: Any


@dataclass
class FakeProvider:
    """What the next answer is, and every request received; reset before each test."""

    base: str
    key: str | None = None
    status: int = 200
    answer: Any = None
    raw: str | None = None
    delay: float = 0.0
    received: list[Received] = field(default_factory=list)

    def answer_with(self, answer: Any, status: int = 200) -> None:
        self.answer, self.status, self.raw = answer, status, None

    def answer_raw(self, text: str, status: int = 200) -> None:
        self.raw, self.status = text, status

    def knows(self, headers: dict[str, str]) -> bool:
        """Without a key set, any; with one, only that key, as either provider sends it."""
        given = {headers.get("authorization"), f"Bearer {headers.get('x-api-key')}"}
        return self.key is None or f"Bearer {self.key}" in given

    async def handle(self, request: Request) -> Response:
        body = await request.json() if request.method == "POST" else None
        self.received.append(Received(request.url.path, dict(request.headers), body))
        if not self.knows(dict(request.headers)):
            return JSONResponse({"error": {"message": "Incorrect API key."}}, status_code=401)
        if self.delay:
            await asyncio.sleep(self.delay)
        if self.raw is not None:
            return PlainTextResponse(self.raw, status_code=self.status)
        return JSONResponse(self.answer, status_code=self.status)


@pytest.fixture(scope="module")
def _server() -> Iterator[FakeProvider]:
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
    yield fake
    server.should_exit = True
    thread.join(timeout=5)
    sock.close()


@pytest.fixture
def provider_server(_server: FakeProvider) -> FakeProvider:
    """The module's fake provider, with a clean slate for this test."""
    _server.received.clear()
    _server.key = None
    _server.answer_with(None)
    _server.delay = 0.0
    return _server
