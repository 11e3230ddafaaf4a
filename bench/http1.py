"""A keep-alive HTTP/1.1 connection for the load generator, one a conversation, as a browser tab
holds one, with httptools (uvicorn's own parser) reading the responses.

httpx spends about a millisecond of CPU on a request. On a two-core machine the load generator
then takes the core the worker needs, and the bench measures the client. This spends a fraction
of that; `bench/serve.py --client httpx` drives the same conversations through httpx instead.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any
from urllib.parse import urlsplit

import httptools
import httpx

ERRORS = (OSError, httptools.HttpParserError, asyncio.IncompleteReadError)
"""What a request on a Connection can fail with: the bench counts them as errors."""


class _Response:
    """What httptools reads of one response."""

    def __init__(self) -> None:
        self.headers: list[tuple[bytes, bytes]] = []
        self.body = bytearray()
        self.complete = False
        self.status = 0
        self.keep_alive = False
        self.parser = httptools.HttpResponseParser(self)

    def on_header(self, name: bytes, value: bytes) -> None:
        self.headers.append((name, value))

    def on_headers_complete(self) -> None:
        # Read now: once the message is complete, the parser says no connection is kept alive.
        self.status = self.parser.get_status_code()
        self.keep_alive = self.parser.should_keep_alive()

    def on_body(self, body: bytes) -> None:
        self.body += body

    def on_message_complete(self) -> None:
        self.complete = True


class Connection:
    """One connection to a server, opened on the first request and kept open between them."""

    def __init__(self, url: str) -> None:
        parts = urlsplit(url)
        self._host, self._port = parts.hostname or "127.0.0.1", parts.port or 80
        self._streams: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None

    async def post(self, url: str, json_body: Any, headers: dict[str, str]) -> httpx.Response:
        """POST a JSON body; the response as httpx gives one, so both clients read alike."""
        body = json.dumps(json_body).encode()
        lines = [
            f"POST {urlsplit(url).path} HTTP/1.1",
            f"Host: {self._host}:{self._port}",
            "Content-Type: application/json",
            f"Content-Length: {len(body)}",
            *(f"{name}: {value}" for name, value in headers.items()),
        ]
        if self._streams is None:
            self._streams = await asyncio.open_connection(self._host, self._port)
        reader, writer = self._streams
        response = _Response()
        try:
            writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
            while not response.complete:
                chunk = await reader.read(65536)
                if not chunk:
                    raise ConnectionResetError("the server closed the connection")
                response.parser.feed_data(chunk)
        except BaseException:
            self.close()
            raise
        if not response.keep_alive:
            self.close()
        return httpx.Response(
            response.status, headers=response.headers, content=bytes(response.body)
        )

    def close(self) -> None:
        if self._streams is not None:
            self._streams[1].close()
            self._streams = None
