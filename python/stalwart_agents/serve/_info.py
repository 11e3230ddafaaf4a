"""The service routes: health, the interface config, --dev-pair's exchange, the owner's AI key."""

from __future__ import annotations

from urllib.parse import urlsplit

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from stalwart_agents._generated.enums import ErrorCode
from stalwart_agents._generated.models import Health, ModelKeyRequest, Pairing, PairRequest
from stalwart_agents.serve._bodies import read_model
from stalwart_agents.serve._interface import get_config
from stalwart_agents.serve._pairing import PairingError, PairingThrottled
from stalwart_agents.serve._problems import ProblemError
from stalwart_agents.serve._staff import is_owner
from stalwart_agents.serve._state import host_of

__all__ = ["INFO_ROUTES", "PAIRED_BY_DEV_PAIR", "health", "pair", "save_model_key"]

# How a session paired, as `stalwart staff list` shows it.
PAIRED_BY_DEV_PAIR = "--dev-pair"


async def health(request: Request) -> Response:
    """GET /healthz."""
    return JSONResponse(Health(status="ok").model_dump(mode="json"))


async def pair(request: Request) -> Response:
    """POST /pair: --dev-pair's code for a session the console's origin may use."""
    host = host_of(request)
    attempt = await read_model(request, PairRequest, host.max_body)
    if host.pairing is None:
        raise ProblemError(
            ErrorCode.FORBIDDEN,
            "Pairing is off; start the server with --dev-pair to pair a browser.",
        )
    try:
        host.pairing.exchange(attempt.code, request.client.host if request.client else "")
    except PairingThrottled as error:
        raise ProblemError(
            ErrorCode.TOO_MANY_REQUESTS, str(error), headers={"Retry-After": str(error.retry_after)}
        ) from None
    except PairingError as error:
        raise ProblemError(ErrorCode.UNAUTHORIZED, str(error)) from None
    desk = await host.open_door()
    session = await host.sessions.new()
    await desk.roles.people.make_staff(session, PAIRED_BY_DEV_PAIR)
    response = JSONResponse(Pairing(session=session).model_dump(mode="json"))
    return await host.sessions.give(response, session, request)


async def save_model_key(request: Request) -> Response:
    """POST /model-key: the owner's key, checked with the provider and kept on this computer."""
    host = host_of(request)
    if not (is_owner(request) and _from_own_page(request)):
        raise ProblemError(
            ErrorCode.FORBIDDEN,
            "Only the owner, on this computer and on this host's own page, may save the AI key.",
        )
    body = await read_model(request, ModelKeyRequest, host.max_body)
    if host.model_key is None:
        raise ProblemError(
            ErrorCode.NOT_FOUND,
            "This agent has no model: in agent.yaml, so it reads with no AI key.",
        )
    saved = await host.model_key.save(body.key.strip())
    return JSONResponse(saved.model_dump(mode="json"))


def _from_own_page(request: Request) -> bool:
    """No other origin's page, not even one the host trusts (the console), may set the key."""
    origin = request.headers.get("origin")
    return origin is None or urlsplit(origin).netloc.lower() == request.headers["host"].lower()


INFO_ROUTES = (
    Route("/healthz", health, methods=["GET"]),
    Route("/config.json", get_config, methods=["GET"]),
    Route("/pair", pair, methods=["POST"]),
    Route("/model-key", save_model_key, methods=["POST"]),
)
