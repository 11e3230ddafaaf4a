"""A fresh shop database for every test, a desk on it, and a way to read its rows directly."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from stalwart_agents.config import AgentFile
from stalwart_agents.desk import Desk
from stalwart_agents.loading import load_agent_file
from stalwart_agents.store import open_store

from .helpers import AGENT_FILE, Query

import shop  # isort: skip - importable once .helpers put the shop's folder on the path


@pytest.fixture(scope="module")
def shop_file() -> AgentFile:
    """The shop's agent file read once a module."""
    return load_agent_file(AGENT_FILE)


@pytest.fixture
def shop_db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Where this test's shop database is; the first tool call creates and seeds it."""
    path = tmp_path / "shop.db"
    monkeypatch.setenv("STALWART_SHOP_DB", str(path))
    return path


@pytest.fixture
def query(shop_db: Path) -> Query:
    """Read the shop's rows directly, as an auditor would, not through the tools."""

    def run(sql: str, *params: Any) -> list[dict[str, Any]]:
        with shop.transaction():
            pass  # the shop exists before anyone reads it
        with closing(sqlite3.connect(shop_db)) as db:
            db.row_factory = sqlite3.Row
            return [dict(row) for row in db.execute(sql, params)]

    return run


@pytest.fixture
async def desk(
    shop_file: AgentFile, shop_db: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[Desk]:
    """The shop's agent on a store of its own, with no model to read a turn."""
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    store = open_store(f"sqlite:///{tmp_path / 'runs.db'}")
    async with Desk(shop_file, store=store) as desk:
        yield desk
