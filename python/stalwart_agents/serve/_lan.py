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
from ipaddress import IPv4Address, IPv6Address, ip_address
from pathlib import Path

import psutil
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
    """The address a phone on this computer's network reaches it at: IPv4 first, else IPv6.

    The address of the interface toward other networks where there is a route out; else any
    address on an interface that is up, as on a Wi-Fi with no way to the internet.
    """
    return _toward_other_networks() or next(iter(_on_interfaces()), None)


def _usable(address: IPv4Address | IPv6Address) -> bool:
    """A link-local address needs its interface named, which a QR code's URL cannot."""
    return not (address.is_loopback or address.is_link_local or address.is_unspecified)


def _toward_other_networks() -> str | None:
    """Connecting a UDP socket sends nothing; the system only picks the address it would use."""
    for family, somewhere in _SOMEWHERE:
        with socket.socket(family, socket.SOCK_DGRAM) as probe:
            try:
                probe.connect((somewhere, 9))
            except OSError:
                continue
            address = ip_address(probe.getsockname()[0].split("%")[0])
        if _usable(address):
            return str(address)
    return None


def _on_interfaces() -> list[str]:
    """The usable addresses of the interfaces that are up, IPv4 before IPv6."""
    up = {name for name, stats in psutil.net_if_stats().items() if stats.isup}
    found = [
        ip_address(entry.address.split("%")[0])
        for name, entries in psutil.net_if_addrs().items()
        if name in up
        for entry in entries
        if entry.family in (socket.AF_INET, socket.AF_INET6)
    ]
    return [str(address) for address in sorted(found, key=lambda a: a.version) if _usable(address)]


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
            # No logging settings: a Config sets the process's uvicorn loggers, and a level of its
            # own would silence the loopback server's access lines and its shutdown.
            config = uvicorn.Config(
                _OnLan(app),
                lifespan="off",
                log_config=None,
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
