"""The LangGraph door: a resume server over a team's own compiled graph and checkpointer.

Mount it on any ASGI application (Starlette, FastAPI)::

    answers = make_resume_app(graph, store=SqliteRunStore("runs.db"), on_interrupt=Webhook(url, s))
    app = Starlette(routes=[Mount("/agent", answers)])
    reply = await answers.state.door.invoke(graph_input, {"configurable": {"thread_id": "t-1"}})

It answers `GET /threads/{id}/interrupts` and `POST /threads/{id}/resume` with the very
handlers of `stalwart serve` (serve/_answers.py): a GraphDoor is a Door, as a Desk is. It also
serves the chat page of `stalwart serve` at /, with /config.json, /healthz, a turn posted to the
graph through input= (`POST /threads/{id}/messages`) and the thread's stream (_chat.py).
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from langgraph.pregel import Pregel
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request

from stalwart_agents._generated.enums import Channel
from stalwart_agents.door import OnInterrupt, attach_hook
from stalwart_agents.langchain._chat import (
    CHAT_ROUTES,
    ChatSettings,
    ContextOf,
    InputOf,
    RuntimeContext,
    messages_input,
)
from stalwart_agents.langchain._door import GraphDoor, ReplyOf, last_message
from stalwart_agents.langchain._interrupts import KindOf, confirm_kind, shown_fields
from stalwart_agents.serve._answers import ANSWER_ROUTES, set_doorway, with_public_url
from stalwart_agents.serve._bodies import DEFAULT_MAX_BODY
from stalwart_agents.serve._guard import RequestGuard, loopback_hosts, origin_of
from stalwart_agents.serve._problems import exception_handlers
from stalwart_agents.serve._static import SecurityHeaders, ui_routes
from stalwart_agents.store import RunStore
from stalwart_agents.sweeper import sweeping
from stalwart_agents.webhook import Webhook

__all__ = [
    "ContextOf",
    "GraphDoor",
    "InputOf",
    "KindOf",
    "ReplyOf",
    "Webhook",
    "confirm_kind",
    "last_message",
    "make_resume_app",
    "messages_input",
    "shown_fields",
]

# Seconds between stream heartbeats, as `stalwart serve` sends them.
_PING = 15.0


def make_resume_app(  # noqa: PLR0913 - make_resume_app's documented options
    graph: Pregel[Any, Any, Any, Any] | GraphDoor,
    *,
    store: RunStore | None = None,
    on_interrupt: OnInterrupt | None = None,
    secret: str | None = None,
    kind_of: KindOf | None = None,
    reply_of: ReplyOf | None = None,
    base: str = "",
    public_url: str | None = None,
    max_body: int = DEFAULT_MAX_BODY,
    input: InputOf = messages_input,
    context: ContextOf | None = None,
    name: str = "Assistant",
    purpose: str = "",
    language: str = "en",
    ping: float = _PING,
    sweep_seconds: float = 5.0,
    origins: Sequence[str] = (),
    hosts: Sequence[str] | None = None,
    expires: Mapping[str, Any] | None = None,
    tool_expires: Mapping[str, Any] | None = None,
    tools: Mapping[str, Mapping[str, Any]] | None = None,
) -> Starlette:
    """Serve a graph's interrupts for people to answer, and the chat in front of it.

    Args:
        graph: the compiled graph, with its checkpointer; or a GraphDoor made from one, so the
            application and the team's own code share its locks.
        store: our run store (SqliteRunStore, PostgresRunStore), where answers are claimed;
            opened on first use unless already open. Not given with a GraphDoor.
        on_interrupt: told of each new interrupt as (thread, interrupt); Webhook(url, secret)
            is one. Not given with a GraphDoor.
        secret: where set, a resume must carry a valid Stalwart-Signature over its body.
        kind_of: maps an interrupt's value to (kind, fields); every one confirms otherwise.
        reply_of: the reply's text from the state values; the last message's otherwise.
        base: the prefix the app is mounted under, for the resume URL a Webhook posts.
        public_url: where people reach this host; a Webhook's resume URLs are built on it.
        max_body: the largest request body taken, in bytes; larger ones get 413.
        input: the graph's input for a person's turn, from their words; by default
            {"messages": [{"role": "user", "content": text}]}.
        context: LangGraph's runtime context for a request (the signed-in customer), from the
            Starlette Request, sync or async; the graph's nodes read it as `runtime.context`.
        name, purpose, language: what the chat page shows of the graph (`en` or `pt-BR`).
        ping: seconds between stream heartbeats.
        sweep_seconds: how often this worker's sweeper (sweeper.py) runs the door's sweep.
        origins: other origins whose pages may call this app, besides its own and
            public_url's; any other Origin is refused with 403, as `stalwart serve` refuses it.
        hosts: the Host names this app answers to. Where None, a request that came in on a
            loopback address must name localhost, 127.0.0.1, ::1 or public_url's host (a
            DNS-rebinding page names its own), and one on any other address may name any.
        expires: per pause kind, when its pauses expire and the answer this worker's sweep
            gives them then, as agent.yaml's top-level `expires:`, e.g.
            {"confirm": {"after": "24h", "answer": "skip"}}. Not given with a GraphDoor.
        tool_expires: per tool, when its confirmations expire, as agent.yaml's
            `tools.<name>.expires`; it wins over its kind's. Not given with a GraphDoor.
        tools: per graph tool, how a person reads its JSON result, as agent.yaml's
            `tools.<name>.title` and `result:` write them, in each language. Not given with a
            GraphDoor.

    An expiry's answer must be one the kind takes and never one that sends the call: approve,
    retry, happened, did_not_happen, done_by_hand and answer are refused with ValueError here,
    as `stalwart check` refuses them in agent.yaml.

    The door is `app.state.door`: `await app.state.door.invoke(input, config)` runs a turn.
    """
    if max_body < 1:
        raise ValueError(f"max_body must be at least 1 byte, not {max_body}.")
    if secret is not None and not secret:
        raise ValueError("secret must be a non-empty string, or None for no signature check.")
    if sweep_seconds <= 0:
        raise ValueError(f"sweep_seconds must be more than 0, not {sweep_seconds}.")
    door = _door(graph, store, kind_of, reply_of, expires, tool_expires, tools)
    attach_hook(door, with_public_url(on_interrupt, public_url, base))
    guard = Middleware(
        RequestGuard,
        origins=[*origins, *([origin_of(public_url)] if public_url else [])],
        hosts=None if hosts is None else {name.lower() for name in hosts},
        on_loopback=loopback_hosts(public_url),
        setting="make_resume_app(origins=...)",
    )
    middleware = [Middleware(SecurityHeaders), guard]
    if context is not None:
        middleware.append(Middleware(RuntimeContext, provider=context))
    app = Starlette(
        routes=[*ANSWER_ROUTES, *CHAT_ROUTES, *ui_routes()],
        middleware=middleware,
        exception_handlers=exception_handlers(),
        lifespan=_lifespan(door, sweep_seconds),
    )
    app.state.door = door
    app.state.chat = ChatSettings(door, input, name, purpose, language, max_body, ping)
    set_doorway(app, _DoorHost(door, secret, max_body))
    return app


@dataclass(frozen=True)
class _DoorHost:
    """The answer routes' Doorway (serve/_answers.py) for a GraphDoor, which keeps no sessions."""

    door: GraphDoor
    secret: str | None
    max_body: int
    sessions: None = None

    async def open_door(self) -> GraphDoor:
        """The door; it opens its store itself on first use."""
        return self.door

    async def admit(self, request: Request) -> None:
        """Anyone the application lets reach the routes: a graph has no staff_only to keep."""

    async def answerer(self, request: Request, session: str | None) -> tuple[Channel, bool]:
        """The door's own channel; the webhook's where answers must be signed."""
        return (Channel.WEBHOOK if self.secret is not None else Channel.DOOR), False


def _door(
    graph: Pregel[Any, Any, Any, Any] | GraphDoor,
    store: RunStore | None,
    kind_of: KindOf | None,
    reply_of: ReplyOf | None,
    expires: Mapping[str, Any] | None,
    tool_expires: Mapping[str, Any] | None,
    tools: Mapping[str, Mapping[str, Any]] | None,
) -> GraphDoor:
    if isinstance(graph, GraphDoor):
        extras = {
            "store": store,
            "kind_of": kind_of,
            "reply_of": reply_of,
            "expires": expires,
            "tool_expires": tool_expires,
            "tools": tools,
        }
        given = [name for name, value in extras.items() if value is not None]
        if given:
            raise ValueError(f"Give {', '.join(given)} to the GraphDoor, not make_resume_app.")
        return graph
    if store is None:
        raise ValueError(
            "make_resume_app needs store=: a SqliteRunStore or PostgresRunStore, where answers "
            "are claimed so that only the first one counts."
        )
    return GraphDoor(
        graph,
        store=store,
        kind_of=kind_of,
        reply_of=reply_of,
        expires=expires,
        tool_expires=tool_expires,
        tools=tools,
    )


def _lifespan(
    door: GraphDoor, sweep_seconds: float
) -> Callable[[Starlette], contextlib.AbstractAsyncContextManager[None]]:
    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await door.open()
        try:
            async with sweeping(door, sweep_seconds):
                yield
        finally:
            await door.close()

    return lifespan
