"""The answer routes, for any door: what waits in a thread, and one answer to it.

`stalwart serve` serves them over a Desk, and the LangGraph door over a GraphDoor; each app
keeps a Doorway as app.state.host, which is all these handlers read.
"""

from __future__ import annotations

from typing import Any, Protocol

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from stalwart_agents._generated.enums import Channel, ErrorCode, Kind
from stalwart_agents._generated.models import (
    AskResume,
    ConfirmResume,
    DelegateResume,
    InterruptList,
    OutcomeUnknownResume,
    ResumeRequest,
    SagaStuckResume,
)
from stalwart_agents.answer_check import Shown
from stalwart_agents.door import Door, OnInterrupt
from stalwart_agents.ids import new_id
from stalwart_agents.serve._bodies import (
    THREAD_PATH,
    model_response,
    parse_json,
    read_signed_body,
    thread_id,
    validate_model,
)
from stalwart_agents.serve._problems import ProblemError
from stalwart_agents.serve._sessions import Sessions
from stalwart_agents.webhook import Webhook

__all__ = [
    "ANSWER_ROUTES",
    "Doorway",
    "list_decisions",
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

    async def answerer(self, request: Request, session: str | None) -> tuple[Channel, bool]:
        """The channel an answer came through, given the session it named (if one this server
        handed out), and whether that session is staff."""
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


async def list_decisions(request: Request) -> Response:
    """GET /threads/{id}/decisions: every answer the thread's pauses took, oldest first."""
    thread = thread_id(request)
    host = _doorway(request)
    sessions = host.sessions
    if sessions is not None:
        sessions.check(request)
    await host.admit(request)
    door = await host.open_door()
    session = await sessions.find(request) if sessions is not None else None
    return model_response(await door.decisions(thread, session=session))


_Answer = (
    ConfirmResume
    | OutcomeUnknownResume
    | SagaStuckResume
    | AskResume
    | DelegateResume
    | ResumeRequest
)
# The contract's answer names its kind; the older one, without it, is ResumeRequest.
_BY_KIND: dict[str, type[_Answer]] = {
    Kind.CONFIRM: ConfirmResume,
    Kind.OUTCOME_UNKNOWN: OutcomeUnknownResume,
    Kind.SAGA_STUCK: SagaStuckResume,
    Kind.ASK: AskResume,
    Kind.DELEGATE: DelegateResume,
}


def _answer_model(data: Any) -> type[_Answer]:
    """The model the body's kind names; ResumeRequest where it names none."""
    if not isinstance(data, dict) or "kind" not in data:
        return ResumeRequest
    kind = data["kind"]
    if not isinstance(kind, str) or kind not in _BY_KIND:
        raise ProblemError(
            ErrorCode.INVALID_REQUEST,
            f"kind: {kind!r} is not a kind of pause; use one of {', '.join(_BY_KIND)}.",
        )
    return _BY_KIND[kind]


def _shown(answer: _Answer) -> Shown | None:
    """What the body says of its pause, for the door to check on the one pause it reads: its
    kind, and an ask's type; the older body, without a kind, says nothing."""
    if isinstance(answer, ResumeRequest):
        return None
    return Shown(answer.kind, answer.type if isinstance(answer, AskResume) else None)


def _value(answer: _Answer) -> object:
    """The answer's value as plain JSON: an ask's answer, or a confirmation's correction."""
    if isinstance(answer, ConfirmResume):
        return None if answer.value is None else answer.value.model_dump()
    return getattr(answer, "value", None)


async def resume(request: Request) -> Response:
    """POST /threads/{id}/resume: one answer, with the token the person was shown."""
    thread = thread_id(request)
    host = _doorway(request)
    raw = await read_signed_body(request, host.max_body, host.secret)
    data = parse_json(raw)
    answer = validate_model(data, _answer_model(data))
    sessions = host.sessions
    if sessions is not None:
        sessions.check(request)
    await host.admit(request)
    door = await host.open_door()
    named = await sessions.find(request) if sessions is not None else None
    channel, staff = await host.answerer(request, named)
    # The session found above, or a fresh one; not looked up a second time.
    session = (named or new_id()) if sessions is not None else None
    reply = await door.resume(
        thread,
        answer.interrupt_id,
        answer.decision,
        answer.token,
        _value(answer),
        session=session,
        channel=channel,
        staff=staff,
        shown=_shown(answer),
    )
    if sessions is None or session is None:
        return model_response(reply)
    return await sessions.give(model_response(reply), session, request)


ANSWER_ROUTES = (
    Route(f"{THREAD_PATH}/interrupts", list_interrupts, methods=["GET"]),
    Route(f"{THREAD_PATH}/decisions", list_decisions, methods=["GET"]),
    Route(f"{THREAD_PATH}/resume", resume, methods=["POST"]),
)


def with_public_url(
    hook: OnInterrupt | None, public_url: str | None, base: str
) -> OnInterrupt | None:
    """A Webhook that knows no public address yet names resume URLs under public_url + base."""
    if isinstance(hook, Webhook) and hook.public_url is None and public_url:
        return hook.with_public_url(public_url.rstrip("/") + base.rstrip("/"))
    return hook
