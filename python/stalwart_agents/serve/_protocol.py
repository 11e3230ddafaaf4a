"""uvicorn's httptools protocol, with a response's head and body sent in one system call.

uvicorn writes a response's status line and headers as soon as the app starts the response,
then the body in a second write. On a TCP connection each write is a system call, and on
loopback the kernel delivers it to the reader inside that call: measured on `stalwart serve`,
those writes were the single largest share of the worker's CPU on a served cycle. Writes made
in one step of the event loop now go out together at the end of it, in one write.
"""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

__all__ = ["OneWriteHttpToolsProtocol"]


class _OneWrite:
    """A transport whose writes wait for the end of the loop's step, then go as one."""

    def __init__(self, transport: asyncio.Transport, loop: asyncio.AbstractEventLoop) -> None:
        self._transport = transport
        self._loop = loop
        self._pending: list[bytes] = []

    def write(self, data: bytes) -> None:
        if not self._pending:
            self._loop.call_soon(self._flush)
        self._pending.append(data)

    def _flush(self) -> None:
        if self._pending and not self._transport.is_closing():
            self._transport.write(b"".join(self._pending))
        self._pending.clear()

    def close(self) -> None:
        """What was written goes before the close, as the transport's own close sends it."""
        self._flush()
        self._transport.close()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._transport, name)


class OneWriteHttpToolsProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol on a transport that joins one step's writes."""

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(_OneWrite(transport, self.loop))  # type: ignore[arg-type]
