"""`stalwart serve` as a person runs it: a real process on loopback, with its options."""

from __future__ import annotations

import hashlib
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, suppress
from pathlib import Path
from typing import IO, Any

import httpx
import pytest
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp

from stalwart_agents.serve._follows import FOLLOW_FILE
from tests.loopback import CLIENT_TLS, free_port

from .conftest import CALLS_ENV, calls_url, contract_copy

STALWART = Path(sys.executable).with_name("stalwart")
CONSOLE_ORIGIN = "http://localhost:5173"


@contextmanager
def stalwart_serve(
    agent: Path, *options: str, env: dict[str, str] | None = None
) -> Iterator[tuple[str, subprocess.Popen[str]]]:
    """Run `stalwart serve` until its health route answers; stop it with SIGINT afterwards."""
    port = free_port()
    # A token set where the tests run must not leak into a test of its absence.
    inherited = {key: value for key, value in os.environ.items() if key != "QLS_OPERATOR_TOKEN"}
    process = subprocess.Popen(
        [str(STALWART), "serve", str(agent), f"--port={port}", *options],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**inherited, **(env or {})},
    )
    url = f"http://127.0.0.1:{port}"
    try:
        wait_healthy(url, process)
        yield url, process
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGINT)
        try:
            process.wait(15)
        except subprocess.TimeoutExpired:
            # Still starting on a loaded machine, it missed Ctrl-C; it must not outlive the test.
            process.kill()
            process.wait(15)
        if process.stdout is not None:
            process.stdout.close()


def wait_healthy(url: str, process: subprocess.Popen[str], seconds: float = 120) -> None:
    """Poll the health route through one client (a new one per poll cost 55 ms of CPU), long
    enough for a loaded machine: the scaffold took over 30 s to answer on one."""
    deadline = time.monotonic() + seconds
    with httpx.Client(timeout=1, verify=CLIENT_TLS) as client:
        while time.monotonic() < deadline:
            if process.poll() is not None:
                raise AssertionError(f"stalwart serve exited with {process.returncode}")
            with suppress(httpx.HTTPError):
                if client.get(f"{url}/healthz").status_code == 200:
                    return
            time.sleep(0.1)
    raise AssertionError("stalwart serve did not answer in time")


def config_once(url: str, ready: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """The host's config.json once `ready` holds of it, read across the host's restarts; the
    last one read after 30 s."""
    deadline = time.monotonic() + 30
    config: dict[str, Any] = {}
    with httpx.Client(timeout=2, verify=CLIENT_TLS) as http:
        while time.monotonic() < deadline and not ready(config):
            time.sleep(0.2)
            try:
                config = http.get(f"{url}/config.json").json()
            except httpx.HTTPError:
                continue
    return config


def read_until(stream: IO[str] | None, pattern: str) -> re.Match[str]:
    assert stream is not None
    for line in stream:
        match = re.search(pattern, line)
        if match:
            return match
    raise AssertionError(f"no line matched {pattern!r}")


Served = tuple[str, subprocess.Popen[str]]


@contextmanager
def serve_a_copy(folder: Path, *options: str) -> Iterator[Served]:
    """`stalwart serve` on a copy of the contract agent in `folder`, for the tests that share it."""
    agent = contract_copy(folder)
    with stalwart_serve(agent, *options, env={CALLS_ENV: calls_url(agent)}) as served:
        yield served


@pytest.fixture(scope="module")
def host(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """One host with no options, asked by the tests that neither stop nor configure it."""
    with serve_a_copy(tmp_path_factory.mktemp("host") / "agent") as served:
        yield served


@pytest.fixture(scope="module")
def dev_host(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """One host as a console developer runs it: --dev-pair, and the console's origin allowed."""
    folder = tmp_path_factory.mktemp("dev-host") / "agent"
    with serve_a_copy(folder, "--dev-pair", f"--console-origin={CONSOLE_ORIGIN}") as served:
        yield served


def test_the_host_serves_the_routes(host: Served) -> None:
    url, _ = host
    reply = httpx.post(f"{url}/threads/t-routes/messages", json={"text": "charge 40 to order 4411"})
    assert reply.status_code == 200, reply.text
    assert reply.json()["waiting"][0]["tool"] == "charge"


def test_the_host_stops_on_ctrl_c_without_a_traceback(contract_agent: Path) -> None:
    with stalwart_serve(contract_agent) as (_, process):
        process.send_signal(signal.SIGINT)
        assert process.wait(15) == 130
        assert process.stdout is not None
        assert "Traceback" not in process.stdout.read()


def test_a_bad_agent_file_stops_the_host_naming_the_line(tmp_path: Path) -> None:
    agent = tmp_path / "agent.yaml"
    agent.write_text("agents:\n  - name: shop\n    colour: blue\n", encoding="utf-8")
    done = subprocess.run(
        [str(STALWART), "serve", str(agent)], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2
    assert "line 3" in done.stderr
    assert "colour" in done.stderr


def test_a_port_in_use_is_named_before_any_banner(contract_agent: Path) -> None:
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        done = subprocess.run(
            [str(STALWART), "serve", str(contract_agent), f"--port={port}"],
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert done.returncode == 2
    assert "chat:" not in done.stdout
    assert f"port {port} on 127.0.0.1 is taken" in done.stderr
    assert f"--port {port + 1}" in done.stderr
    assert "Errno" not in done.stderr


def test_the_operator_token_comes_from_its_variable(contract_agent: Path) -> None:
    with stalwart_serve(contract_agent, env={"QLS_OPERATOR_TOKEN": "op-env"}) as (url, _):
        wrong = httpx.post(f"{url}/threads/t-1/rollback", headers={"Authorization": "Bearer x"})
        assert wrong.status_code == 401


def test_without_an_operator_token_rollback_is_off(host: Served) -> None:
    url, _ = host
    assert httpx.post(f"{url}/threads/t-rollback/rollback").status_code == 403


def test_dev_pair_prints_a_code_that_pairs(dev_host: Served) -> None:
    url, process = dev_host
    code = read_until(process.stdout, r"Pairing code: (\d{6})").group(1)
    assert httpx.post(f"{url}/pair", json={"code": code}).status_code == 200


def test_the_console_origin_is_the_one_cors_allows(dev_host: Served) -> None:
    url, _ = dev_host
    response = httpx.options(
        f"{url}/pair", headers={"Origin": CONSOLE_ORIGIN, "Access-Control-Request-Method": "POST"}
    )
    assert response.headers["access-control-allow-origin"] == CONSOLE_ORIGIN


NEWER_PURPOSE = "I look up orders and take payments, now on version 2."


class Console:
    """A fake console with version 2 of the contract agent and a newer release."""

    def __init__(self, agent: Path) -> None:
        self.text = agent.read_text(encoding="utf-8").replace(
            "I look up orders and take payments, for the contract tests.", NEWER_PURPOSE
        )

    def app(self) -> Starlette:
        async def latest(request: Request) -> Response:
            body: dict[str, Any] = {
                "bot": "b-1",
                "version": 2,
                "approved": False,
                "poll": 1,
                "release": {"version": "999.0.0"},
            }
            return JSONResponse(body)

        async def version(request: Request) -> Response:
            digest = hashlib.sha256(self.text.encode()).hexdigest()
            return JSONResponse(
                {"bot": "b-1", "version": 2, "agent_yaml": self.text, "sha256": digest}
            )

        return Starlette(
            routes=[
                Route("/v1/bots/b-1/version", latest),
                Route("/v1/bots/b-1/versions/2", version),
            ]
        )


@pytest.fixture
def console_url(
    contract_agent: Path, loopback: Callable[[ASGIApp], AbstractContextManager[str]]
) -> Iterator[str]:
    with loopback(Console(contract_agent).app()) as url:
        follows = {"console": url, "bot": "b-1", "key": "fk", "version": 1}
        (contract_agent.parent / FOLLOW_FILE).write_text(json.dumps(follows), encoding="utf-8")
        yield url


def test_follows_applies_a_newer_version_and_starts_again(
    contract_agent: Path, console_url: str
) -> None:
    with stalwart_serve(contract_agent, "--follows") as (url, process):
        config = config_once(url, lambda config: config.get("purpose") == NEWER_PURPOSE)
        assert config.get("purpose") == NEWER_PURPOSE
        assert process.poll() is None


def test_follows_tells_of_a_newer_release_on_the_chat_page(
    contract_agent: Path, console_url: str
) -> None:
    with stalwart_serve(contract_agent, "--follows") as (url, _):
        config = config_once(url, lambda config: config.get("release_notice") is not None)
        notice = config.get("release_notice")
        assert notice is not None
        assert "999.0.0" in notice


def test_follows_without_the_console_file_stops_the_host(contract_agent: Path) -> None:
    done = subprocess.run(
        [str(STALWART), "serve", str(contract_agent), "--follows"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert "Run it on my computer" in done.stderr
