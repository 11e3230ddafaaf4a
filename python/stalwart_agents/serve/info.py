"""The service routes: health, what the interface is configured with, and --dev-pair's exchange."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from stalwart_agents._generated.models import Config, Health, Pairing, PairRequest
from stalwart_agents.serve.bodies import read_model
from stalwart_agents.serve.pairing import PairingError, PairingThrottled
from stalwart_agents.serve.problems import ProblemError
from stalwart_agents.serve.state import Host

__all__ = ["info_routes"]


def info_routes(host: Host) -> list[Route]:
    """GET /healthz, GET /config.json and POST /pair."""

    async def health(request: Request) -> Response:
        return JSONResponse(Health(status="ok").model_dump(mode="json"))

    async def config(request: Request) -> Response:
        desk = await host.open_desk()
        shown = await desk.interface_config()
        notice = host.follower.release_notice if host.follower else None
        body = Config.model_validate(
            {**shown, "base": host.base_for(request), "release_notice": notice}
        )
        return JSONResponse(body.model_dump(mode="json"))

    async def pair(request: Request) -> Response:
        attempt = await read_model(request, PairRequest, host.max_body)
        if host.pairing is None:
            raise ProblemError(
                "forbidden", "Pairing is off; start the server with --dev-pair to pair a browser."
            )
        try:
            host.pairing.exchange(attempt.code, request.client.host if request.client else "")
        except PairingThrottled as error:
            raise ProblemError(
                "too_many_requests", str(error), headers={"Retry-After": str(error.retry_after)}
            ) from None
        except PairingError as error:
            raise ProblemError("unauthorized", str(error)) from None
        desk = await host.open_desk()
        session = await desk.new_session()
        host.paired.add(session)
        response = JSONResponse(Pairing(session=session).model_dump(mode="json"))
        return host.sessions.give(response, session, request)

    return [
        Route("/healthz", health, methods=["GET"]),
        Route("/config.json", config, methods=["GET"]),
        Route("/pair", pair, methods=["POST"]),
    ]
