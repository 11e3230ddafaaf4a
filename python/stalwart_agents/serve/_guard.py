"""Which pages and which host names may talk to a host that runs on a person's own machine.

A page on another site can make a browser send requests here, and a DNS-rebinding page can
even name this host under its own domain. So a request that carries an Origin must come from
this host's own pages (or from an origin the host was told to trust), and, when the host is
bound to loopback, the Host header must be a loopback name or the public URL's host. An app that
does not know where it is bound (the LangGraph door, run by a team's own server) checks each
connection instead: one made to a loopback address must name this machine.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from collections.abc import Set as AbstractSet
from ipaddress import ip_address
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Receive, Scope, Send

from stalwart_agents._generated.enums import ErrorCode
from stalwart_agents.serve._problems import problem_response

__all__ = [
    "LOOPBACK_NAMES",
    "ON_LAN",
    "RequestGuard",
    "host_name",
    "host_problem",
    "is_loopback",
    "loopback_hosts",
    "origin_of",
]

LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})
# Set in the ASGI scope of a request that came in over the phone's LAN listener.
ON_LAN = "stalwart.lan"
# RFC 9110's Host: a name, an IPv4 address or a bracketed IPv6 one, then an optional port. Nothing
# else, so "localhost:9440@evil.example" is no name of this machine's.
_HOST = re.compile(r"(?:\[(?P<ipv6>[0-9A-Fa-f:.]+)\]|[A-Za-z0-9._-]+)(?::(?P<port>[0-9]{1,5}))?")
# How much of a refused Host header the problem repeats.
_SHOWN = 100


def is_loopback(host: str) -> bool:
    """Whether a bind address or a host name is this machine's own."""
    if host in LOOPBACK_NAMES:
        return True
    try:
        return ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def loopback_hosts(public_url: str | None) -> frozenset[str]:
    """The Host names a loopback listener answers to: this machine's, and the public URL's."""
    public = urlsplit(public_url).hostname if public_url else None
    return LOOPBACK_NAMES | ({public} if public else set())


def origin_of(url: str) -> str:
    """scheme://host[:port] of a URL, lowercased, as a browser writes it in Origin."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}".lower()


def host_name(header: str) -> str:
    """The name in a Host header without its port; an IPv6 literal keeps its colons.

    Starlette's TrustedHostMiddleware cuts "[::1]:8700" at its first colon, and answers in
    plain text, so this host checks names itself and answers with problem JSON.
    """
    header = header.strip().lower()
    if header.startswith("["):
        return header[1 : header.find("]")] if "]" in header else header
    return header.rpartition(":")[0] if header.count(":") == 1 else header


def host_problem(scope: Scope) -> str | None:
    """Why the request's Host is not one host and an optional port; None when it is.

    A request without one (HTTP/1.0) passes here, and meets the host names below.
    """
    values = [value for name, value in scope["headers"] if name == b"host"]
    if len(values) > 1:
        return f"A request sends one Host header, not {len(values)}."
    if not values:
        return None
    header = values[0].decode("latin-1")
    match = _HOST.fullmatch(header)
    well_formed = match is not None and int(match["port"] or 0) <= 65535
    if match and match["ipv6"]:
        try:
            ip_address(match["ipv6"])
        except ValueError:
            well_formed = False
    if well_formed:
        return None
    shown = header if len(header) <= _SHOWN else header[:_SHOWN] + "…"
    return f"The Host header {shown!r} is not a host name with an optional :port."


class RequestGuard:
    """Refuse a request from another site's page, or one that names this host wrongly.

    Args:
        app: the application guarded.
        origins: other origins whose pages may call it, besides its own.
        hosts: the Host names it answers to; where None, any name, unless `on_loopback` is set.
        on_loopback: where `hosts` is None, the names a connection made to a loopback address
            must give; a connection to any other address may give any name.
        setting: where the application names another origin, for the refusal's fix.
    """

    def __init__(
        self,
        app: ASGIApp,
        *,
        origins: Iterable[str] = (),
        hosts: set[str] | None = None,
        on_loopback: Iterable[str] | None = None,
        setting: str = "make_app(origins=...)",
    ) -> None:
        self.app = app
        self.origins = frozenset(origin_of(origin) for origin in origins)
        # Lowercase names, kept as given, not copied: the phone listener adds its LAN address.
        self.hosts = hosts
        self.on_loopback = (
            None if on_loopback is None else frozenset(name.lower() for name in on_loopback)
        )
        self.setting = setting

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            malformed = host_problem(scope)
            if malformed is not None:
                await problem_response(ErrorCode.INVALID_REQUEST, malformed, status=400)(
                    scope, receive, send
                )
                return
            refusal = self._refusal(Headers(scope=scope), self._names(scope))
            if refusal is not None:
                await problem_response(ErrorCode.FORBIDDEN, refusal)(scope, receive, send)
                return
        await self.app(scope, receive, send)

    def _names(self, scope: Scope) -> AbstractSet[str] | None:
        """The Host names this request may give: the app's, or its connection's."""
        if self.hosts is not None or self.on_loopback is None:
            return self.hosts
        server = scope.get("server")
        return self.on_loopback if server and is_loopback(str(server[0])) else None

    def _refusal(self, headers: Headers, names: AbstractSet[str] | None) -> str | None:
        host = headers.get("host", "")
        if names is not None and host_name(host) not in names:
            return (
                f"This host answers to {', '.join(sorted(names))} only, "
                f"not to {host or 'a request without a Host header'}."
            )
        origin = headers.get("origin")
        if origin is None or origin.lower() in self.origins:
            return None
        if "://" in origin and urlsplit(origin).netloc.lower() == host.lower():
            return None
        return (
            f"This host takes requests from its own pages only, not from a page at {origin}. "
            f"An application that embeds the chat from another origin names it in {self.setting}."
        )
