"""The served protocol: one step's writes go out as one, and nothing written is lost."""

from __future__ import annotations

import asyncio
import socket
import threading
import time
from collections.abc import Iterator

import httpx
import pytest
import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import Route

from stalwart_agents.serve._protocol import OneWriteHttpToolsProtocol, _OneWrite


class FakeTransport:
    """Records what reaches the socket."""

    def __init__(self) -> None:
        self.written: list[bytes] = []
        self.closed = False

    def write(self, data: bytes) -> None:
        self.written.append(data)

    def is_closing(self) -> bool:
        return self.closed

    def close(self) -> None:
        self.closed = True

    def get_extra_info(self, name: str) -> str:
        return f"info {name}"


def test_writes_in_one_step_go_out_as_one() -> None:
    async def write_twice() -> list[bytes]:
        transport = FakeTransport()
        joined = _OneWrite(transport, asyncio.get_running_loop())  # type: ignore[arg-type]
        joined.write(b"HTTP/1.1 200 OK\r\n\r\n")
        joined.write(b"body")
        assert transport.written == []
        await asyncio.sleep(0)
        return transport.written

    assert asyncio.run(write_twice()) == [b"HTTP/1.1 200 OK\r\n\r\nbody"]


def test_a_close_sends_what_was_written_first() -> None:
    async def write_and_close() -> FakeTransport:
        transport = FakeTransport()
        joined = _OneWrite(transport, asyncio.get_running_loop())  # type: ignore[arg-type]
        joined.write(b"last")
        joined.close()
        await asyncio.sleep(0)
        return transport

    transport = asyncio.run(write_and_close())
    assert transport.written == [b"last"]
    assert transport.closed


def test_the_transport_answers_for_everything_else() -> None:
    loop = asyncio.new_event_loop()
    joined = _OneWrite(FakeTransport(), loop)  # type: ignore[arg-type]
    assert joined.get_extra_info("peername") == "info peername"
    loop.close()


@pytest.fixture
def served() -> Iterator[str]:
    """A small app under uvicorn with the protocol, on a free loopback port."""

    async def hello(request: Request) -> Response:
        return PlainTextResponse("x" * int(request.query_params.get("n", "5")))

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    config = uvicorn.Config(
        Starlette(routes=[Route("/", hello)]),
        host="127.0.0.1",
        port=port,
        http=OneWriteHttpToolsProtocol,
        log_level="warning",
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run)
    thread.start()
    try:
        for _ in range(1000):
            if server.started:
                break
            time.sleep(0.01)
        assert server.started, "uvicorn did not start within 10 s"
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join()


def test_responses_arrive_whole_on_a_kept_connection(served: str) -> None:
    with httpx.Client(trust_env=False) as client:
        for n in (0, 5, 1_000_000):
            reply = client.get(served, params={"n": n})
            assert reply.status_code == 200
            assert reply.text == "x" * n
