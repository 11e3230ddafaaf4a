"""A real HTTP server on a free loopback port, for tests that need one across a real socket."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import uvicorn
from starlette.types import ASGIApp

from stalwart_agents.tls import tls

# For the tests' HTTP clients, the package's own one context: each new client would read the CA
# certificates again, about 50 ms of CPU.
CLIENT_TLS = tls()


def free_port() -> int:
    """A loopback port nobody listens on, for a server to take or a client to find closed."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


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
