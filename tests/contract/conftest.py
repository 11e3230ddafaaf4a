"""The contract agent, served in process and as real `stalwart serve` processes."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest

from tests.loopback import CLIENT_TLS, free_port

FIXTURES = Path(__file__).parent / "fixtures"
sys.path.insert(0, str(FIXTURES))
SPEC = Path(__file__).resolve().parents[2] / "spec" / "openapi.yaml"
STALWART = Path(sys.executable).with_name("stalwart")
OPERATOR_TOKEN = "contract-operator"


def copy_agent(folder: Path, storage: str | None = None) -> Path:
    """The contract agent in its own folder; its runs in SQLite there, or where storage says."""
    shutil.copytree(FIXTURES, folder, ignore=shutil.ignore_patterns("__pycache__"))
    agent = folder / "agent.yaml"
    if storage is not None:
        text = agent.read_text(encoding="utf-8").replace("sqlite:///runs.db", storage)
        agent.write_text(text, encoding="utf-8")
    return agent


@pytest.fixture
def contract_agent(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The contract agent on SQLite, its tools recording calls beside it."""
    agent = copy_agent(tmp_path / "agent")
    monkeypatch.setenv("CONTRACT_CALLS_URL", f"sqlite:///{agent.parent / 'calls.db'}")
    return agent


@contextmanager
def stalwart_serve(agent: Path, *options: str, env: dict[str, str]) -> Iterator[str]:
    """A `stalwart serve` process on a free loopback port, stopped with Ctrl-C afterwards."""
    with serve_process(agent, *options, env=env) as (url, _):
        yield url


@contextmanager
def serve_process(
    agent: Path, *options: str, env: dict[str, str]
) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """`stalwart serve` as stalwart_serve starts it, with its process, for a test to kill."""
    port = free_port()
    log = (agent.parent / f"serve-{port}.log").open("w")
    process = subprocess.Popen(
        [str(STALWART), "serve", str(agent), f"--port={port}", *options],
        stdout=log,
        stderr=subprocess.STDOUT,
        env={**os.environ, **env},
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        # One client for every poll: a new one reads the CA certificates again, 50 ms of CPU.
        with httpx.Client(verify=CLIENT_TLS) as client:
            while True:
                if process.poll() is not None or time.monotonic() > deadline:
                    raise AssertionError(f"stalwart serve did not start; see {log.name}")
                try:
                    if client.get(f"{url}/healthz", timeout=1).status_code == 200:
                        break
                except httpx.HTTPError:
                    time.sleep(0.1)
        yield url, process
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGINT)
        try:
            process.wait(20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(5)
        log.close()
