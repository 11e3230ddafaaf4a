"""The answer routes, for any door: what waits in a thread, and one answer to it.

`stalwart serve` serves them over a Desk, and the LangGraph door over a GraphDoor; each app
keeps a Doorway as app.state.host, which is all these handlers read.
"""

from __future__ import annotations

from typing import Protocol

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from stalwart_agents._generated.models import InterruptList, ResumeRequest
from stalwart_agents.door import Door, OnInterrupt
from stalwart_agents.serve._bodies import model_response, read_signed_model, thread_id
from stalwart_agents.serve._sessions import Sessions
from stalwart_agents.webhook import Webhook

__all__ = [
    "ANSWER_ROUTES",
    "Doorway",
    "list_interrupts",
    "resume",
    "set_doorway",
    "with_public_url",
]


class Doorway(Protocol):
    """What an app keeps as app.state.host for the answer routes."""

    @property
    def max_body(self) -> int:
        """The largest body taken, in bytes."""
        ...

    @property
    def secret(self) -> str | None:
        """Where set, an answer must carry a valid Stalwart-Signature over its body."""
        ...

    @property
    def sessions(self) -> Sessions | None:
        """The page's sessions, where the app keeps them; the LangGraph door keeps none."""
        ...

    async def open_door(self) -> Door:
        """The door, open."""
        ...

    async def admit(self, request: Request) -> None:
        """Raise Forbidden where the request may not see or change the thread."""
        ...


def set_doorway(app: Starlette, host: Doorway) -> None:
    """Keep the host where the answer routes read it; typed, so mypy checks it is a Doorway."""
    app.state.host = host


def _doorway(request: Request) -> Doorway:
    host: Doorway = request.app.state.host
    return host


async def list_interrupts(request: Request) -> Response:
    """GET /threads/{id}/interrupts: every open pause of the thread, oldest first."""
    thread = thread_id(request)
    host = _doorway(request)
    if host.sessions is not None:
        host.sessions.check(request)
    await host.admit(request)
    door = await host.open_door()
    waiting = await door.waiting(thread)
    return model_response(InterruptList(thread=thread, interrupts=waiting))


async def resume(request: Request) -> Response:
    """POST /threads/{id}/resume: one answer, with the token the person was shown."""
    thread = thread_id(request)
    host = _doorway(request)
    answer = await read_signed_model(request, host.max_body, ResumeRequest, host.secret)
    sessions = host.sessions
    if sessions is not None:
        sessions.check(request)
    await host.admit(request)
    door = await host.open_door()
    session = await sessions.ensure(request) if sessions is not None else None
    reply = await door.resume(
        thread,
        answer.interrupt_id,
        answer.decision,
        answer.token,
        answer.value,
        session=session,
    )
    if sessions is None or session is None:
        return model_response(reply)
    return sessions.give(model_response(reply), session, request)


# `{id:path}`, so a bad thread id gets 422 from thread_id(), not a routing 404.
ANSWER_ROUTES = (
    Route("/threads/{id:path}/interrupts", list_interrupts, methods=["GET"]),
    Route("/threads/{id:path}/resume", resume, methods=["POST"]),
)


def with_public_url(
    hook: OnInterrupt | None, public_url: str | None, base: str
) -> OnInterrupt | None:
    """A Webhook that knows no public address yet names resume URLs under public_url + base."""
    if isinstance(hook, Webhook) and hook.public_url is None and public_url:
        return hook.with_public_url(public_url.rstrip("/") + base.rstrip("/"))
    return hook
