"""The LangGraph door: a resume server over a team's own compiled graph and checkpointer.

Mount it on any ASGI application (Starlette, FastAPI)::

    answers = make_resume_app(graph, store=SqliteRunStore("runs.db"), on_interrupt=Webhook(url, s))
    app = Starlette(routes=[Mount("/agent", answers)])
    reply = await answers.state.door.invoke(graph_input, {"configurable": {"thread_id": "t-1"}})

It answers `GET /threads/{id}/interrupts` and `POST /threads/{id}/resume` with the shapes and
problem JSON of `stalwart serve`.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Callable
from typing import Any

from langgraph.pregel import Pregel
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from stalwart_agents._generated.models import InterruptList, ResumeRequest
from stalwart_agents.desk import OnInterrupt
from stalwart_agents.langchain._door import GraphDoor, ReplyOf, last_message
from stalwart_agents.langchain._interrupts import KindOf, confirm_kind, shown_fields
from stalwart_agents.serve.bodies import (
    DEFAULT_MAX_BODY,
    model_response,
    read_signed_model,
    thread_id,
)
from stalwart_agents.serve.problems import exception_handlers
from stalwart_agents.store.base import RunStore
from stalwart_agents.webhook import Webhook

__all__ = [
    "GraphDoor",
    "KindOf",
    "ReplyOf",
    "Webhook",
    "confirm_kind",
    "last_message",
    "make_resume_app",
    "shown_fields",
]


def make_resume_app(
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
) -> Starlette:
    """Serve a graph's interrupts for people to answer, mountable under any prefix.

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

    The door is `app.state.door`: `await app.state.door.invoke(input, config)` runs a turn.
    """
    if max_body < 1:
        raise ValueError(f"max_body must be at least 1 byte, not {max_body}.")
    if secret is not None and not secret:
        raise ValueError("secret must be a non-empty string, or None for no signature check.")
    if isinstance(on_interrupt, Webhook) and on_interrupt.public_url is None and public_url:
        on_interrupt = on_interrupt.with_public_url(public_url.rstrip("/") + base.rstrip("/"))
    door = _door(graph, store, on_interrupt, kind_of, reply_of)
    app = Starlette(
        routes=_routes(door, secret, max_body),
        exception_handlers=exception_handlers(),
        lifespan=_lifespan(door),
    )
    app.state.door = door
    return app


def _door(
    graph: Pregel[Any, Any, Any, Any] | GraphDoor,
    store: RunStore | None,
    on_interrupt: OnInterrupt | None,
    kind_of: KindOf | None,
    reply_of: ReplyOf | None,
) -> GraphDoor:
    if isinstance(graph, GraphDoor):
        extras = {"store": store, "kind_of": kind_of, "reply_of": reply_of}
        given = [name for name, value in extras.items() if value is not None]
        if given:
            raise ValueError(f"Give {', '.join(given)} to the GraphDoor, not make_resume_app.")
        if on_interrupt is not None:
            if graph.on_interrupt is not None:
                raise ValueError("The GraphDoor has an on_interrupt already; give none here.")
            graph.on_interrupt = on_interrupt
        return graph
    if store is None:
        raise ValueError(
            "make_resume_app needs store=: a SqliteRunStore or PostgresRunStore, where answers "
            "are claimed so that only the first one counts."
        )
    return GraphDoor(
        graph, store=store, on_interrupt=on_interrupt, kind_of=kind_of, reply_of=reply_of
    )


def _routes(door: GraphDoor, secret: str | None, max_body: int) -> list[Route]:
    async def list_interrupts(request: Request) -> Response:
        thread = thread_id(request)
        waiting = await door.waiting(thread)
        return model_response(InterruptList(thread=thread, interrupts=waiting))

    async def resume(request: Request) -> Response:
        thread = thread_id(request)
        answer = await read_signed_model(request, max_body, ResumeRequest, secret)
        reply = await door.resume(
            thread, answer.interrupt_id, answer.decision.root, answer.token, answer.value
        )
        return model_response(reply)

    # `{id:path}`, so a bad thread id gets 422 from thread_id(), not a routing 404.
    return [
        Route("/threads/{id:path}/interrupts", list_interrupts, methods=["GET"]),
        Route("/threads/{id:path}/resume", resume, methods=["POST"]),
    ]


def _lifespan(
    door: GraphDoor,
) -> Callable[[Starlette], contextlib.AbstractAsyncContextManager[None]]:
    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await door.open()
        try:
            yield
        finally:
            await door.close()

    return lifespan
