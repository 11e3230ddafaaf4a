"""What the door's tests share: a turn, an answer, and a receiver served on loopback."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx
import uvicorn
from starlette.applications import Starlette
from starlette.types import ASGIApp

THREAD = "t-1"
CONFIG: Any = {"configurable": {"thread_id": THREAD}}


async def turn(app: Starlette, thread: str = THREAD) -> Any:
    """Run the graph's turn through the app's door; give the reply as JSON."""
    reply = await app.state.door.invoke({"done": []}, {"configurable": {"thread_id": thread}})
    return reply.model_dump(mode="json")


def answer(pause: dict[str, Any], decision: str = "approve", **changes: Any) -> dict[str, Any]:
    """The resume body for a listed pause, with any field changed."""
    return {"interrupt_id": pause["id"], "token": pause["token"], "decision": decision, **changes}


async def resume(client: httpx.AsyncClient, body: dict[str, Any], thread: str = THREAD) -> Any:
    return await client.post(f"/threads/{thread}/resume", json=body)


@contextmanager
def serving(app: ASGIApp) -> Iterator[str]:
    """Serve an ASGI app on a free loopback port, in a thread; yields its base URL."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="off"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.01)
    try:
        yield f"http://127.0.0.1:{sock.getsockname()[1]}"
    finally:
        server.should_exit = True
        thread.join(10)
        sock.close()
