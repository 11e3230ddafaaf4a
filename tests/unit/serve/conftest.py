"""Shared by the serve tests: real servers on loopback, the contract agent, and an app client."""

from __future__ import annotations

import shutil
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, closing
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.types import ASGIApp

from stalwart_agents.serve import make_app
from tests.loopback import serving

from .helpers import FIXTURES

AGENT_YAML = """\
agents:
  - name: shop
    purpose: Helps with orders.
tools:
  find_order:
    function: shop_tools:find_order
    description: Finds an order.
    arguments:
      order_id: {type: string}
  cancel_order:
    function: shop_tools:cancel_order
    description: Cancels an order.
    write: true
    arguments:
      order_id: {type: string}
"""


@pytest.fixture
def loopback() -> Callable[[ASGIApp], AbstractContextManager[str]]:
    """Serve an ASGI app on a free loopback port, in a thread; yields its base URL."""
    return serving


@pytest.fixture
def agent_file(tmp_path: Path) -> Path:
    path = tmp_path / "agent.yaml"
    path.write_text(AGENT_YAML, encoding="utf-8")
    return path


@pytest.fixture
def contract_agent(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The contract agent in its own folder, its runs and its tools' calls in SQLite there."""
    agent = contract_copy(tmp_path / "agent")
    monkeypatch.setenv(CALLS_ENV, calls_url(agent))
    return agent


CALLS_ENV = "CONTRACT_CALLS_URL"


def contract_copy(folder: Path) -> Path:
    """The contract agent copied into a new `folder`; its agent file there."""
    shutil.copytree(FIXTURES, folder, ignore=shutil.ignore_patterns("__pycache__"))
    return folder / "agent.yaml"


def calls_url(agent: Path) -> str:
    """Where a copied contract agent's tools write their calls: calls.db beside it."""
    return f"sqlite:///{agent.parent / 'calls.db'}"


@pytest.fixture
def calls(contract_agent: Path) -> Callable[[str], int]:
    """How many times a tool really ran, read from the table the tools write."""

    def count(tool: str) -> int:
        with closing(sqlite3.connect(contract_agent.parent / "calls.db")) as db:
            db.execute("CREATE TABLE IF NOT EXISTS calls (tool TEXT NOT NULL, args TEXT NOT NULL)")
            (number,) = db.execute("SELECT count(*) FROM calls WHERE tool = ?", (tool,)).fetchone()
        return int(number)

    return count


@pytest.fixture
def serve(contract_agent: Path) -> Iterator[Callable[..., TestClient]]:
    """Start make_app over the contract agent with the given options; stopped after the test."""
    started: list[TestClient] = []

    def start(**options: Any) -> TestClient:
        client = TestClient(make_app(contract_agent, **options))
        client.__enter__()
        started.append(client)
        return client

    yield start
    for client in reversed(started):
        client.__exit__(None, None, None)


@pytest.fixture
def client(serve: Callable[..., TestClient]) -> TestClient:
    """The app with an operator token, as most tests need it."""
    return serve(operator_token="op-token")
