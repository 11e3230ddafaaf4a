"""The served floor: a bare Starlette app on the uvicorn that `stalwart serve` runs, and no more.

A served cycle is two requests. What uvicorn and Starlette alone spend on a request (the same
protocol, loop and access log as `stalwart serve`, a route that reads a JSON body and answers
JSON) is the part of a served cycle that no change to Stalwart's routes can remove.
bench/serve.py starts it beside each round's workers and prints the served cycle against the
in-process text cycle plus two of these requests.

    .venv/bin/python bench/bare_server.py PORT
"""

from __future__ import annotations

import sys

import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from stalwart_agents.serve._protocol import OneWriteHttpToolsProtocol


async def message(request: Request) -> JSONResponse:
    """The turn route's shape with nothing behind it: the body read and a reply sent."""
    body = await request.json()
    return JSONResponse({"thread": request.path_params["thread"], "text": body["text"]})


async def healthz(request: Request) -> Response:
    return Response("ok")


APP = Starlette(
    routes=[
        Route("/threads/{thread}/messages", message, methods=["POST"]),
        Route("/healthz", healthz),
    ]
)


def serve(port: int) -> None:
    """As `stalwart serve` configures uvicorn (serve/_host.py), on loopback."""
    config = uvicorn.Config(
        APP,
        host="127.0.0.1",
        port=port,
        lifespan="on",
        log_level="info",
        http=OneWriteHttpToolsProtocol,
    )
    uvicorn.Server(config).run()


if __name__ == "__main__":
    serve(int(sys.argv[1]))
