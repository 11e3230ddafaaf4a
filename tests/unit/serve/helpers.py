"""Helpers the serve tests share: a real server on loopback, and a turn that must succeed."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import uvicorn
from starlette.testclient import TestClient
from starlette.types import ASGIApp

FIXTURES = Path(__file__).resolve().parents[2] / "contract" / "fixtures"
CHARGE = "charge 40 to order 4411"


@contextmanager
def serving(app: ASGIApp, *, lifespan: str = "off") -> Iterator[str]:
    """Serve an ASGI app on a free loopback port, in a thread; yields its base URL."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan=lifespan))
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


def turn(client: TestClient, thread: str = "t-1", text: str = CHARGE, **headers: str) -> Any:
    """Send a turn and give its JSON, failing the test on anything but 200."""
    response = client.post(f"/threads/{thread}/messages", json={"text": text}, headers=headers)
    assert response.status_code == 200, response.text
    return response.json()
