"""A fresh shop database for every test, and a way to read its rows directly."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from .helpers import Query

import shop  # isort: skip - importable once .helpers put the shop's folder on the path


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
