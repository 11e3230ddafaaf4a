"""make_app: the Starlette application `stalwart serve` runs, mountable under any prefix."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from pathlib import Path

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware
from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from stalwart_agents._generated.enums import ErrorCode
from stalwart_agents.config import ScheduleSpec
from stalwart_agents.desk import Desk
from stalwart_agents.door import OnInterrupt, attach_hook
from stalwart_agents.mcp import ServerUnavailable
from stalwart_agents.serve._answers import set_doorway, with_public_url
from stalwart_agents.serve._bodies import DEFAULT_MAX_BODY
from stalwart_agents.serve._files import FILE_ROUTES
from stalwart_agents.serve._follows import Follower
from stalwart_agents.serve._guard import RequestGuard, origin_of
from stalwart_agents.serve._info import INFO_ROUTES
from stalwart_agents.serve._lan import PhoneSettings
from stalwart_agents.serve._model_key import ModelKey
from stalwart_agents.serve._pairing import PairingCode
from stalwart_agents.serve._phone import PHONE_ROUTES
from stalwart_agents.serve._problems import exception_handlers, problem_response
from stalwart_agents.serve._schedules import Scheduler, taken_schedules
from stalwart_agents.serve._sessions import HEADER, Sessions
from stalwart_agents.serve._state import ContextProvider, Host
from stalwart_agents.serve._static import SecurityHeaders, ui_routes
from stalwart_agents.serve._stream import STREAM_ROUTE
from stalwart_agents.serve._threads import THREAD_ROUTES
from stalwart_agents.sweeper import sweeping
from stalwart_agents.tools import import_callable
from stalwart_agents.webhook import SIGNATURE_HEADER

__all__ = ["DEFAULT_CONSOLE_ORIGIN", "make_app"]


DEFAULT_CONSOLE_ORIGIN = "https://api.stalwart.it"
# Seconds between SSE heartbeats: under the usual 30-60 s proxy idle timeouts.
DEFAULT_PING = 15.0
# What the console may call without a paired session: it needs them to pair at all.
_UNPAIRED_PATHS = ("/pair", "/healthz", "/config.json")


def make_app(  # noqa: PLR0913 - make_app's documented options
    source: str | Path | Desk,
    *,
    agent: str | None = None,
    base: str = "",
    on_interrupt: OnInterrupt | None = None,
    secret: str | None = None,
    context: ContextProvider | None = None,
    operator_token: str | None = None,
    public_url: str | None = None,
    max_body: int = DEFAULT_MAX_BODY,
    pairing: PairingCode | None = None,
    console_origin: str = DEFAULT_CONSOLE_ORIGIN,
    schedules: bool = False,
    sleeps: bool = False,
    follower: Follower | None = None,
    ping: float = DEFAULT_PING,
    origins: Sequence[str] = (),
    hosts: Sequence[str] | None = None,
    phone: PhoneSettings | None = None,
) -> Starlette:
    """Serve an agent file (or a Desk) over HTTP, with the chat interface at /.

    Args:
        source: the agent.yaml to serve, or a Desk made from one.
        agent: the agent that answers first, where source is a file; the file's first otherwise.
        base: the prefix the routes are under, as config.json tells the interface; where the
            app is mounted when not given.
        on_interrupt: told of each new pause as (thread, interrupt); Webhook(url, secret) is one.
        secret: where set, a resume must carry a valid Stalwart-Signature over its body.
        context: gives the application's context for a request (the signed-in customer); the
            agent's own `context:` function from agent.yaml where not given.
        operator_token: what the rollback route must carry as a Bearer token; off without one.
        public_url: where people reach this host; a Webhook's resume URLs are built on it.
        max_body: the largest request body taken, in bytes; larger ones get 413.
        pairing: the --dev-pair code, which turns on POST /pair and CORS for console_origin.
        console_origin: the one origin CORS allows, when pairing is on.
        schedules: run the agent file's schedules: while the app runs.
        sleeps: this host sleeps, so it takes no always_on schedule.
        follower: --follows; its release notice reaches config.json.
        ping: seconds between stream heartbeats.
        origins: other origins whose pages may call this app, besides its own, public_url's
            and, with pairing, console_origin's; any other Origin is refused with 403.
        hosts: the Host names this app answers to; any name where None. `stalwart serve`
            bound to loopback gives the loopback names and public_url's host.
        phone: where the phone's HTTPS listener goes once the owner asks for a code; this
            computer's LAN address, any free port, where None.
    """
    if max_body < 1:
        raise ValueError(f"max_body must be at least 1 byte, not {max_body}.")
    if secret is not None and not secret:
        raise ValueError("secret must be a non-empty string, or None for no signature check.")
    desk = _desk(source, agent=agent)
    attach_hook(desk, with_public_url(on_interrupt, public_url, base))
    host = Host(
        desk=desk,
        sessions=Sessions(desk.roles.people),
        operator_token=operator_token,
        secret=secret,
        context=agent_context(desk) if context is None else context,
        max_body=max_body,
        base=base.rstrip("/"),
        ping=ping,
        pairing=pairing,
        console_origin=console_origin if pairing else None,
        follower=follower,
        model_key=ModelKey.of(desk),
        phone=phone or PhoneSettings(),
        names=None if hosts is None else {name.lower() for name in hosts},
    )
    routes = [
        *INFO_ROUTES,
        *THREAD_ROUTES,
        STREAM_ROUTE,
        *PHONE_ROUTES,
        *FILE_ROUTES,
        *ui_routes(),
    ]
    app = Starlette(
        routes=routes,
        middleware=_middleware(host, _trusted(origins, public_url, host.console_origin)),
        exception_handlers=exception_handlers(),
        lifespan=_lifespan(host, schedules=schedules, sleeps=sleeps),
    )
    set_doorway(app, host)
    return app


def _desk(source: str | Path | Desk, *, agent: str | None) -> Desk:
    if isinstance(source, Desk):
        if agent is not None:
            raise ValueError("Give agent= to the Desk, or pass make_app the agent file.")
        return source
    return Desk(source, agent=agent)


def agent_context(desk: Desk) -> ContextProvider | None:
    """The agent's `context:` function, which gives each request its signed-in customer."""
    reference = desk.agent.context
    if reference is None:
        return None
    return import_callable(reference, desk.agent_file.base_dir)


def _trusted(origins: Sequence[str], public_url: str | None, console: str | None) -> list[str]:
    """The origins besides the app's own whose pages may call it."""
    return [*origins, *(origin_of(url) for url in (public_url, console) if url)]


def _middleware(host: Host, origins: list[str]) -> list[Middleware]:
    stack = [
        Middleware(StartupSentence),
        Middleware(SecurityHeaders),
        Middleware(RequestGuard, origins=origins, hosts=host.names),
    ]
    if host.console_origin is not None:
        stack += [
            Middleware(
                CORSMiddleware,
                allow_origins=[host.console_origin],
                allow_methods=["GET", "POST"],
                allow_headers=["Content-Type", HEADER, SIGNATURE_HEADER, "Last-Event-ID"],
                expose_headers=[HEADER],
                max_age=600,
            ),
            Middleware(PairedOnly, host=host),
        ]
    return stack


class StartupSentence:
    """An MCP server that cannot start ends the start with its one sentence, not a traceback."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "lifespan":
            await self.app(scope, receive, send)
            return
        held: list[Message] = []

        async def hold(message: Message) -> None:
            # Starlette reports a failed start with the traceback's text; it is held until the
            # failure is known to be a server's.
            if message["type"] == "lifespan.startup.failed":
                held.append(message)
            else:
                await send(message)

        try:
            await self.app(scope, receive, hold)
        except ServerUnavailable as error:
            await send({"type": "lifespan.startup.failed", "message": str(error)})
        except BaseException:
            for message in held:
                await send(message)
            raise
        else:
            for message in held:
                await send(message)


class PairedOnly:
    """With --dev-pair, the console's origin is served only once its browser has paired."""

    def __init__(self, app: ASGIApp, host: Host) -> None:
        self.app = app
        self.host = host

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and await self._refused(Request(scope)):
            response = problem_response(
                ErrorCode.UNAUTHORIZED,
                "Pair this browser first: POST the code --dev-pair printed to /pair.",
            )
            await response(scope, receive, send)
            return
        await self.app(scope, receive, send)

    async def _refused(self, request: Request) -> bool:
        if request.headers.get("origin") != self.host.console_origin:
            return False
        path = request.url.path.removeprefix(str(request.scope.get("root_path") or ""))
        if request.method == "OPTIONS" or path in _UNPAIRED_PATHS:
            return False
        session = request.headers.get(HEADER)
        desk = await self.host.open_door()
        return session is None or not await desk.roles.people.is_staff(session)


def _lifespan(
    host: Host, *, schedules: bool, sleeps: bool
) -> Callable[[Starlette], contextlib.AbstractAsyncContextManager[None]]:
    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        desk = await host.open_door()
        tasks: list[asyncio.Task[None]] = []
        if schedules:
            taken = taken_schedules(tuple(desk.agent_file.schedules), sleeps=sleeps)
            tasks.append(asyncio.create_task(Scheduler(taken, _sender(desk)).run()))
        if host.follower is not None:
            tasks.append(asyncio.create_task(host.follower.run()))
        try:
            async with sweeping(desk, desk.agent_file.runs.sweep_seconds):
                yield
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            await host.lan.close()
            await host.close_door()

    return lifespan


def _sender(desk: Desk) -> Callable[[ScheduleSpec], Awaitable[object]]:
    async def send(schedule: ScheduleSpec) -> object:
        return await desk.turn(schedule.thread, schedule.text)

    return send
