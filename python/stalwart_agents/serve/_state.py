"""What every route of one application shares: the desk, the sessions and the host's settings."""

from __future__ import annotations

import asyncio
import inspect
import threading
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from starlette.requests import Request

from stalwart_agents._generated.enums import Channel
from stalwart_agents.desk import Desk
from stalwart_agents.serve._follows import Follower
from stalwart_agents.serve._lan import LanListener, PhoneSettings
from stalwart_agents.serve._model_key import ModelKey
from stalwart_agents.serve._pairing import PairingCode
from stalwart_agents.serve._sessions import Sessions
from stalwart_agents.serve._staff import admit

__all__ = ["ContextProvider", "Host", "OpenStreams", "host_of"]

ContextProvider = Callable[[Request], Mapping[str, Any] | Awaitable[Mapping[str, Any]]]


class OpenStreams:
    """How many event streams are open; another thread can wait for a count, as a test does."""

    def __init__(self) -> None:
        self._count = 0
        self._changed = threading.Condition()

    @property
    def count(self) -> int:
        """The streams open now; read without the lock, as one int is read whole."""
        return self._count

    def add(self, change: int) -> None:
        """A stream opened (+1) or was freed (-1)."""
        with self._changed:
            self._count += change
            self._changed.notify_all()

    def wait_for(self, count: int, timeout: float) -> bool:
        """Block this thread (never the server's loop) until `count` streams are open."""
        with self._changed:
            return self._changed.wait_for(lambda: self._count == count, timeout)


@dataclass
class Host:
    """One application's shared state; nothing here outlives a question between its answers."""

    desk: Desk
    sessions: Sessions
    operator_token: str | None
    secret: str | None
    context: ContextProvider | None
    max_body: int
    base: str
    ping: float
    pairing: PairingCode | None = None
    console_origin: str | None = None
    follower: Follower | None = None
    model_key: ModelKey | None = None
    phone: PhoneSettings = field(default_factory=PhoneSettings)
    lan: LanListener = field(default_factory=LanListener)
    # The Host names the guard takes (lowercase), None for any; the LAN listener adds its own.
    names: set[str] | None = None
    streams: OpenStreams = field(default_factory=OpenStreams)
    _opened: bool = False
    _lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    @property
    def open_streams(self) -> int:
        """How many event streams are open now."""
        return self.streams.count

    async def open_door(self) -> Desk:
        """The desk, opened on first use when the app was mounted without running its lifespan.

        It has the AI key saved on this computer from the moment one is, whichever worker saved it.
        """
        if not self._opened:
            async with self._lock:
                if not self._opened:
                    await self.desk.__aenter__()
                    self._opened = True
        if self.model_key is not None:
            await self.model_key.load()
        return self.desk

    async def close_door(self) -> None:
        """Close the desk if this application opened it."""
        async with self._lock:
            if self._opened:
                self._opened = False
                await self.desk.__aexit__(None, None, None)

    async def admit(self, request: Request) -> None:
        """Refuse a guest at a staff-only bot's thread with 403 and the staffOnly sentence."""
        await admit(await self.open_door(), request)

    async def answerer(self, request: Request, session: str | None) -> tuple[Channel, bool]:
        """Signed answers come from the webhook's channel. A browser's page (it names a session,
        or sends Sec-Fetch-Site, which only browsers send) is the chat; anything else, the API."""
        if self.secret is not None:
            return Channel.WEBHOOK, False
        if session is None:
            return (Channel.CHAT if "sec-fetch-site" in request.headers else Channel.API), False
        return Channel.CHAT, await self.desk.roles.people.is_staff(session)

    async def context_for(self, request: Request) -> dict[str, Any] | None:
        """The application's context for this request (the signed-in customer), never the body's."""
        if self.context is None:
            return None
        given = self.context(request)
        if inspect.isawaitable(given):
            given = await given
        if not isinstance(given, Mapping):
            raise TypeError(
                f"The context provider must return a mapping, not {type(given).__name__}."
            )
        return dict(given)

    def base_for(self, request: Request) -> str:
        """The prefix the routes answer under: as configured, else where the app is mounted."""
        return self.base or str(request.scope.get("root_path") or "")


def host_of(request: Request) -> Host:
    """The application's Host, as make_app keeps it in app.state."""
    host = request.app.state.host
    if not isinstance(host, Host):
        raise TypeError(f"app.state.host must be a Host, not {type(host).__name__}.")
    return host
