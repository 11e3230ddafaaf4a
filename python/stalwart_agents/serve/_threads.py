"""The thread routes that only `stalwart serve` has: a turn, and the operator's rollback.

What waits and the answers to it are in answers.py, the thumbs in feedback.py.
"""

from __future__ import annotations

import hmac

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from stalwart_agents._generated.enums import ErrorCode
from stalwart_agents._generated.models import RollbackRequest, TurnRequest
from stalwart_agents._generated.spec import OPTIONS
from stalwart_agents.serve._answers import ANSWER_ROUTES
from stalwart_agents.serve._bodies import (
    THREAD_PATH,
    model_response,
    parse_json,
    read_body,
    read_model,
    require_json,
    thread_id,
    validate_model,
)
from stalwart_agents.serve._feedback import post_feedback
from stalwart_agents.serve._problems import ProblemError
from stalwart_agents.serve._state import host_of

__all__ = ["THREAD_ROUTES", "post_message", "rollback"]

_TOKEN = next(option for option in OPTIONS if option.name == "--operator-token")
OPERATOR_TOKEN_HELP = (
    "The rollback route is off because no operator token is set. Start the server with "
    f"{_TOKEN.name} <{str(_TOKEN.metavar).lower()}>, or set {_TOKEN.env} "
    "(make_app takes operator_token=)."
)


async def post_message(request: Request) -> Response:
    """POST /threads/{id}/messages: one turn, in the request's session (a new one if none)."""
    thread = thread_id(request)
    host = host_of(request)
    turn = await read_model(request, TurnRequest, host.max_body)
    host.sessions.check(request)
    await host.admit(request)
    desk = await host.open_door()
    session = await host.sessions.ensure(request)
    reply = await desk.turn(
        thread,
        turn.text,
        context=await host.context_for(request),
        language=turn.language,
        session=session,
    )
    return await host.sessions.give(model_response(reply), session, request)


async def rollback(request: Request) -> Response:
    """POST /threads/{id}/rollback: the operator undoes the run the body names, else the latest."""
    thread = thread_id(request)
    host = host_of(request)
    _check_operator(request, host.operator_token)
    run = _named_run(request, await read_body(request, host.max_body))
    desk = await host.open_door()
    return model_response(await desk.rollback(thread, run))


def _named_run(request: Request, raw: bytes) -> str | None:
    """The run a rollback's body names; None for an empty body, as the route first took."""
    if not raw:
        return None
    require_json(request)
    return validate_model(parse_json(raw), RollbackRequest).run


def _check_operator(request: Request, expected: str | None) -> None:
    if expected is None:
        raise ProblemError(ErrorCode.FORBIDDEN, OPERATOR_TOKEN_HELP)
    scheme, _, given = request.headers.get("authorization", "").partition(" ")
    challenge = {"WWW-Authenticate": 'Bearer realm="operator"'}
    if scheme.lower() != "bearer" or not given:
        raise ProblemError(
            ErrorCode.UNAUTHORIZED,
            "The rollback route needs Authorization: Bearer <operator token>.",
            headers=challenge,
        )
    if not hmac.compare_digest(given.strip().encode(), expected.encode()):
        raise ProblemError(
            ErrorCode.UNAUTHORIZED, "That is not the operator token.", headers=challenge
        )


THREAD_ROUTES = (
    Route(f"{THREAD_PATH}/messages", post_message, methods=["POST"]),
    *ANSWER_ROUTES,
    Route(f"{THREAD_PATH}/rollback", rollback, methods=["POST"]),
    Route(f"{THREAD_PATH}/feedback", post_feedback, methods=["POST"]),
)
