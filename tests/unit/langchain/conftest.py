"""Workers over real LangGraph checkpointers and our run store, one backend per parameter.

Each backend pairs a checkpointer with the run store a team would run it with: the in-memory
saver, SqliteSaver and AsyncSqliteSaver with SqliteRunStore; PostgresSaver and
AsyncPostgresSaver with PostgresRunStore. Every worker a test makes connects anew to the same
databases, as a second process would.
"""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import AsyncExitStack, closing
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import psycopg
import pytest
from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.checkpoint.postgres import PostgresSaver
from langgraph.checkpoint.postgres.aio import AsyncPostgresSaver
from langgraph.checkpoint.sqlite import SqliteSaver
from langgraph.checkpoint.sqlite.aio import AsyncSqliteSaver
from langgraph.graph.state import CompiledStateGraph
from starlette.applications import Starlette

from stalwart_agents.langchain import GraphDoor, make_resume_app
from stalwart_agents.store import RunStore
from stalwart_agents.store.postgres import PostgresRunStore
from stalwart_agents.store.sqlite import SqliteRunStore

from .graphs import Effects, side_by_side

BACKENDS = [
    pytest.param("memory", id="memory-saver"),
    pytest.param("sqlite", id="sqlite-saver"),
    pytest.param("aiosqlite", id="async-sqlite-saver"),
    pytest.param("postgres", id="postgres-saver", marks=pytest.mark.postgres),
    pytest.param("apostgres", id="async-postgres-saver", marks=pytest.mark.postgres),
]

BuildGraph = Callable[[Effects, BaseCheckpointSaver[Any]], CompiledStateGraph]


@dataclass
class Backend:
    """Where workers keep their checkpoints and their run store."""

    kind: str
    folder: Path
    dsn: str | None
    stack: AsyncExitStack
    memory: InMemorySaver

    async def saver(self) -> BaseCheckpointSaver[Any]:
        """A new connection to the checkpoints (the one in-memory saver, for that kind)."""
        if self.kind == "memory":
            return self.memory
        if self.kind == "sqlite":
            return self.stack.enter_context(
                SqliteSaver.from_conn_string(str(self.folder / "checkpoints.db"))
            )
        if self.kind == "aiosqlite":
            return await self.stack.enter_async_context(
                AsyncSqliteSaver.from_conn_string(str(self.folder / "checkpoints-async.db"))
            )
        assert self.dsn is not None
        if self.kind == "postgres":
            saver = self.stack.enter_context(PostgresSaver.from_conn_string(self.dsn))
            saver.setup()
            return saver
        async_saver = await self.stack.enter_async_context(
            AsyncPostgresSaver.from_conn_string(self.dsn)
        )
        await async_saver.setup()
        return async_saver

    def claimed_by(self, key: str) -> str | None:
        """Who the run store's claim of a door's pause names, read from its own table."""
        query = "SELECT claimed_by FROM external_claims WHERE key = "
        if self.dsn is None:
            with closing(sqlite3.connect(self.folder / "runs.db")) as db:
                row = db.execute(query + "?", (key,)).fetchone()
        else:
            with psycopg.connect(self.dsn) as conn:
                row = conn.execute(query + "%s", (key,)).fetchone()
        assert row is not None, f"nobody claimed {key}"
        return row[0]  # type: ignore[no-any-return]

    async def store(self) -> RunStore:
        """A new, open connection to the run store."""
        store: RunStore = (
            SqliteRunStore(self.folder / "runs.db")
            if self.dsn is None
            else PostgresRunStore(self.dsn)
        )
        return await self.stack.enter_async_context(store)


@pytest.fixture(params=BACKENDS)
async def backend(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Backend]:
    dsn = str(request.getfixturevalue("postgres_url")) if "postgres" in request.param else None
    async with AsyncExitStack() as stack:
        yield Backend(request.param, tmp_path, dsn, stack, InMemorySaver())


@pytest.fixture
def effects(tmp_path: Path) -> Effects:
    return Effects(tmp_path / "effects.db")


Worker = Callable[..., Awaitable[Starlette]]


@pytest.fixture
def worker(backend: Backend, effects: Effects) -> Worker:
    """Makes a worker: the graph over its own checkpointer connection, and the resume app."""

    async def make(build: BuildGraph = side_by_side, **options: Any) -> Starlette:
        graph = build(effects, await backend.saver())
        return make_resume_app(graph, store=await backend.store(), **options)

    return make


Door = Callable[..., Awaitable[GraphDoor]]


@pytest.fixture
def door_of(backend: Backend, effects: Effects) -> Door:
    """Makes a worker's GraphDoor alone, over its own connections, as the team's code makes one."""

    async def make(build: BuildGraph = side_by_side, **options: Any) -> GraphDoor:
        graph = build(effects, await backend.saver())
        return GraphDoor(graph, store=await backend.store(), **options)

    return make


@pytest.fixture
async def client_of() -> AsyncIterator[Callable[[Starlette], httpx.AsyncClient]]:
    """An HTTP client for an app, in this event loop; closed after the test."""
    clients: list[httpx.AsyncClient] = []

    def make(app: Starlette) -> httpx.AsyncClient:
        client = httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://door")
        clients.append(client)
        return client

    yield make
    for client in clients:
        await client.aclose()


@pytest.fixture
async def local_worker(tmp_path: Path, effects: Effects) -> AsyncIterator[Worker]:
    """Workers over one in-memory saver and a SQLite run store, for what no backend changes."""
    saver = InMemorySaver()
    async with AsyncExitStack() as stack:

        async def make(build: BuildGraph = side_by_side, **options: Any) -> Starlette:
            store = await stack.enter_async_context(SqliteRunStore(tmp_path / "runs.db"))
            return make_resume_app(build(effects, saver), store=store, **options)

        yield make
