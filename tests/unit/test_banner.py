"""`stalwart serve` says where it serves, what it stores in, and a turn to try."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from stalwart_agents.agent_check import find_problems
from stalwart_agents.banner import banner, package_version, store_in_use
from stalwart_agents.loading import load_agent_file

REPO = Path(__file__).resolve().parents[2]
SHOP = REPO / "examples" / "shop" / "agent.yaml"


def test_a_postgres_store_shows_its_host_and_database_never_its_password() -> None:
    shown = store_in_use("postgresql://bot:s3cret@db.internal:5433/runs?sslmode=require")
    assert shown == "PostgreSQL at db.internal:5433, database runs"


def test_a_sqlite_store_shows_its_file() -> None:
    assert store_in_use("sqlite:////srv/bot/runs.db?timeout=5") == "SQLite at /srv/bot/runs.db"


def test_the_shops_banner_names_url_agent_store_language_and_a_write_to_try(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(REPO)
    checked = find_problems(SHOP)
    assert checked.spec is not None

    shown = banner(checked.spec, None, "http://127.0.0.1:8700", checked.vocabularies[0])

    assert shown.splitlines() == [
        f"Stalwart Agents {package_version()}",
        "  chat:     http://127.0.0.1:8700/",
        "  agent:    Shop assistant (examples/shop/agent.yaml)",
        f"  store:    SQLite at {SHOP.parent / 'runs.db'}",
        "  language: en",
        "  try:      type “charge 40 to order 4411” in the chat",
        "  stop:     Ctrl-C",
    ]


def test_version_prints_the_installed_version() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "stalwart_agents.cli", "--version"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout == f"stalwart {package_version()}\n"
    assert package_version()[0].isdigit()


def test_without_a_vocabulary_the_banner_offers_no_turn_and_speaks_english() -> None:
    shown = banner(load_agent_file(SHOP), None, "http://127.0.0.1:8700", None)

    assert "  language: en" in shown.splitlines()
    assert "try:" not in shown
