"""`stalwart serve` keeps an idle connection longer than a client's pool keeps it.

uvicorn's own 5 s equals httpx's pool expiry, so a request sent on a connection idle for just
under 5 s could meet the server closing it, and fail with a ReadError (bench/serve.py
--part keepalive counts them).
"""

from __future__ import annotations

import socket
import time
from pathlib import Path
from urllib.parse import urlsplit

from .conftest import stalwart_serve

HEALTH = b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"


def answered(conn: socket.socket) -> bytes:
    """Send a health check on the connection; what comes back before the body ends."""
    conn.sendall(HEALTH)
    received = b""
    while b"\r\n\r\n" not in received:
        chunk = conn.recv(4096)
        if not chunk:
            return received
        received += chunk
    head, _, body = received.partition(b"\r\n\r\n")
    length = next(
        int(line.split(b":")[1])
        for line in head.split(b"\r\n")
        if line.lower().startswith(b"content-length:")
    )
    while len(body) < length:
        body += conn.recv(4096)
    return head


def connected(url: str) -> socket.socket:
    parts = urlsplit(url)
    return socket.create_connection((parts.hostname, parts.port), timeout=10)


def test_a_connection_idle_past_uvicorns_five_seconds_is_still_served(
    contract_agent: Path,
) -> None:
    with stalwart_serve(contract_agent, env={}) as url, connected(url) as conn:
        assert answered(conn).startswith(b"HTTP/1.1 200")
        time.sleep(6)
        assert answered(conn).startswith(b"HTTP/1.1 200")


def test_keep_alive_sets_how_long_an_idle_connection_is_kept(contract_agent: Path) -> None:
    with stalwart_serve(contract_agent, "--keep-alive=1", env={}) as url, connected(url) as conn:
        assert answered(conn).startswith(b"HTTP/1.1 200")
        time.sleep(2)
        assert conn.recv(1) == b""
