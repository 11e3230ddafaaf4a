"""The phone's way in: this computer's LAN address, and the HTTPS listener opened on it.

Nothing listens on the LAN until the owner asks for a phone code. The listener then stays open
until the server stops, so a paired phone keeps its chat; a restart listens on loopback only
again, until the owner asks for a code once more.
"""

from __future__ import annotations

import asyncio
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from ipaddress import ip_address
from pathlib import Path

import uvicorn
from starlette.types import ASGIApp, Receive, Scope, Send

from stalwart_agents.serve._certificate import Certificate
from stalwart_agents.serve._guard import ON_LAN

__all__ = ["LanListener", "PhoneSettings", "lan_address"]

# Documentation addresses (RFC 5737, RFC 3849): asked for a route to, never sent to.
_SOMEWHERE = ((socket.AF_INET, "192.0.2.1"), (socket.AF_INET6, "2001:db8::1"))


@dataclass(frozen=True)
class PhoneSettings:
    """Where the phone listener listens; tests name an address and move the clock."""

    # The address to listen on; this computer's LAN address, found when the code is asked for,
    # where None.
    address: str | None = None
    # The port to take, where free on that address; any free port where 0 or taken.
    port: int = 0
    # Where the certificate is kept; the agent's config folder on this computer where None.
    folder: Path | None = None
    # Unix time now, for the codes' ten minutes.
    clock: Callable[[], float] = field(default=time.time)


def lan_address() -> str | None:
    """The address this computer's interface toward other networks has: IPv4, else IPv6.

    Connecting a UDP socket sends nothing; the system only picks the interface and address
    it would send from. With no network but loopback, there is no route, and so no address.
    """
    for family, somewhere in _SOMEWHERE:
        with socket.socket(family, socket.SOCK_DGRAM) as probe:
            try:
                probe.connect((somewhere, 9))
            except OSError:
                continue
            address = ip_address(probe.getsockname()[0].split("%")[0])
        # A link-local address needs its interface named, which a QR code's URL cannot.
        if not (address.is_loopback or address.is_link_local or address.is_unspecified):
            return str(address)
    return None


def _url_host(address: str) -> str:
    """The address as a URL names it: an IPv6 one in brackets."""
    return f"[{address}]" if ":" in address else address


class _OnLan:
    """Marks every request that came in over the LAN, so none of them is the owner's."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        scope[ON_LAN] = True
        await self.app(scope, receive, send)


class LanListener:
    """The HTTPS listener on the LAN address: one per application, opened on first use."""

    def __init__(self) -> None:
        self.origin: str | None = None
        self._server: uvicorn.Server | None = None
        self._socket: socket.socket | None = None
        self._task: asyncio.Task[None] | None = None
        self._lock = asyncio.Lock()

    async def open(self, app: ASGIApp, address: str, port: int, certificate: Certificate) -> str:
        """Listen on address (the port where free), serving app over TLS; its origin URL."""
        async with self._lock:
            if self.origin is not None:
                return self.origin
            sock = _bound(address, port)
            config = uvicorn.Config(
                _OnLan(app),
                lifespan="off",
                log_level="warning",
                ssl_certfile=str(certificate.certificate_file),
                ssl_keyfile=str(certificate.key_file),
            )
            config.load()
            server = uvicorn.Server(config)
            # Server.serve would take over the process's signals, which the loopback one holds.
            server.lifespan = config.lifespan_class(config)
            await server.startup(sockets=[sock])
            self._server, self._socket = server, sock
            self._task = asyncio.create_task(server.main_loop())
            self.origin = f"https://{_url_host(address)}:{sock.getsockname()[1]}"
            return self.origin

    async def close(self) -> None:
        """Stop listening on the LAN, letting open requests finish as uvicorn does."""
        async with self._lock:
            if self._server is None or self._task is None or self._socket is None:
                return
            self._server.should_exit = True
            await self._task
            await self._server.shutdown(sockets=[self._socket])
            self._socket.close()
            self._server = self._task = self._socket = None
            self.origin = None


def _bound(address: str, port: int) -> socket.socket:
    """A socket bound to address, on port where it is free, else on any free port."""
    family = socket.AF_INET6 if ":" in address else socket.AF_INET
    for tried in dict.fromkeys((port, 0)):
        sock = socket.socket(family, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((address, tried))
        except OSError:
            sock.close()
            if tried == 0:
                raise
            continue
        return sock
    raise OSError(f"No port is free on {address}.")
