"""The thread routes: a turn, what waits, an answer, a thumb, and the operator's rollback."""

from __future__ import annotations

import hmac

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from stalwart_agents._generated.models import (
    Feedback,
    InterruptList,
    ResumeRequest,
    TurnRequest,
)
from stalwart_agents.serve.bodies import model_response, read_model, read_signed_model, thread_id
from stalwart_agents.serve.problems import ProblemError
from stalwart_agents.serve.state import Host

__all__ = ["thread_routes"]

OPERATOR_TOKEN_HELP = (
    "The rollback route is off because no operator token is set. Start the server with "
    "--operator-token <token>, or set QLS_OPERATOR_TOKEN (make_app takes operator_token=)."
)


def thread_routes(host: Host) -> list[Route]:
    """The routes under /threads/{id}; `{id:path}` so a bad id gets 422, not a routing 404."""

    async def post_message(request: Request) -> Response:
        thread = thread_id(request)
        turn = await read_model(request, TurnRequest, host.max_body)
        host.sessions.check(request)
        desk = await host.open_desk()
        session = await host.sessions.ensure(request)
        reply = await desk.turn(
            thread,
            turn.text,
            context=await host.context_for(request),
            language=turn.language.root if turn.language else None,
            session=session,
        )
        return host.sessions.give(model_response(reply), session, request)

    async def list_interrupts(request: Request) -> Response:
        thread = thread_id(request)
        host.sessions.check(request)
        desk = await host.open_desk()
        await desk.require_thread(thread)
        waiting = await desk.waiting(thread)
        return model_response(
            InterruptList.model_validate({"thread": thread, "interrupts": waiting})
        )

    async def resume(request: Request) -> Response:
        thread = thread_id(request)
        answer = await read_signed_model(request, host.max_body, ResumeRequest, host.secret)
        host.sessions.check(request)
        desk = await host.open_desk()
        session = await host.sessions.ensure(request)
        reply = await desk.resume(
            thread,
            answer.interrupt_id,
            answer.decision.root,
            answer.token,
            answer.value,
            session=session,
        )
        return host.sessions.give(model_response(reply), session, request)

    async def rollback(request: Request) -> Response:
        thread = thread_id(request)
        _check_operator(request, host.operator_token)
        desk = await host.open_desk()
        return model_response(await desk.rollback(thread))

    async def feedback(request: Request) -> Response:
        thread = thread_id(request)
        thumb = await read_model(request, Feedback, host.max_body)
        host.sessions.check(request)
        desk = await host.open_desk()
        session = await host.sessions.find(request)
        await desk.feedback(thread, thumb.message, thumb.thumb.root, session)
        return Response(status_code=204)

    return [
        Route("/threads/{id:path}/messages", post_message, methods=["POST"]),
        Route("/threads/{id:path}/interrupts", list_interrupts, methods=["GET"]),
        Route("/threads/{id:path}/resume", resume, methods=["POST"]),
        Route("/threads/{id:path}/rollback", rollback, methods=["POST"]),
        Route("/threads/{id:path}/feedback", feedback, methods=["POST"]),
    ]


def _check_operator(request: Request, expected: str | None) -> None:
    if expected is None:
        raise ProblemError("forbidden", OPERATOR_TOKEN_HELP)
    scheme, _, given = request.headers.get("authorization", "").partition(" ")
    challenge = {"WWW-Authenticate": 'Bearer realm="operator"'}
    if scheme.lower() != "bearer" or not given:
        raise ProblemError(
            "unauthorized",
            "The rollback route needs Authorization: Bearer <operator token>.",
            headers=challenge,
        )
    if not hmac.compare_digest(given.strip().encode(), expected.encode()):
        raise ProblemError("unauthorized", "That is not the operator token.", headers=challenge)
