"""The resume app mounts under a prefix in a team's own ASGI application."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

import httpx
import pytest
from langgraph.checkpoint.memory import InMemorySaver
from starlette.applications import Starlette
from starlette.routing import Mount

from stalwart_agents.langchain import GraphDoor, make_resume_app
from stalwart_agents.store.sqlite import SqliteRunStore

from .graphs import Effects, side_by_side
from .helpers import THREAD, answer

Client = Callable[[Starlette], httpx.AsyncClient]


@pytest.fixture
def door(tmp_path: Path, effects: Effects) -> GraphDoor:
    graph = side_by_side(effects, InMemorySaver())
    return GraphDoor(graph, store=SqliteRunStore(tmp_path / "runs.db"))


async def test_mounted_under_a_prefix_it_lists_and_resumes(
    door: GraphDoor, client_of: Client, effects: Effects
) -> None:
    parent = Starlette(routes=[Mount("/agent", make_resume_app(door))])
    client = client_of(parent)
    await door.invoke({"done": []}, {"configurable": {"thread_id": THREAD}})
    listed = (await client.get(f"/agent/threads/{THREAD}/interrupts")).json()["interrupts"]
    response = await client.post(f"/agent/threads/{THREAD}/resume", json=answer(listed[0]))
    assert response.status_code == 200, response.text
    assert [node for node, _ in effects.rows()] == ["charge"]
    await door.close()


async def test_the_app_and_the_teams_code_share_one_door(door: GraphDoor) -> None:
    assert make_resume_app(door).state.door is door


async def test_its_lifespan_opens_and_closes_the_store(door: GraphDoor) -> None:
    app = make_resume_app(door)
    async with app.router.lifespan_context(app):
        assert door.store.is_open
    assert not door.store.is_open


def sweepers() -> list[asyncio.Task[object]]:
    return [task for task in asyncio.all_tasks() if task.get_name() == "stalwart-sweeper"]


async def test_its_lifespan_runs_the_sweeper_until_shutdown(door: GraphDoor) -> None:
    app = make_resume_app(door, sweep_seconds=0.01)
    async with app.router.lifespan_context(app):
        [sweeper] = sweepers()
        await asyncio.sleep(0.05)
        assert not sweeper.done()
    assert sweepers() == []


def test_a_sweep_interval_of_zero_is_refused(door: GraphDoor) -> None:
    with pytest.raises(ValueError, match="sweep_seconds must be more than 0"):
        make_resume_app(door, sweep_seconds=0)


def test_a_graph_without_a_checkpointer_is_refused(effects: Effects, tmp_path: Path) -> None:
    graph = side_by_side(effects, None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="no checkpointer"):
        make_resume_app(graph, store=SqliteRunStore(tmp_path / "runs.db"))


def test_a_graph_needs_a_store(effects: Effects) -> None:
    with pytest.raises(ValueError, match="needs store="):
        make_resume_app(side_by_side(effects, InMemorySaver()))


def test_a_door_takes_its_options_itself(door: GraphDoor, tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="Give store to the GraphDoor"):
        make_resume_app(door, store=SqliteRunStore(tmp_path / "other.db"))


def test_what_is_not_a_compiled_graph_is_refused(tmp_path: Path) -> None:
    with pytest.raises(TypeError, match="compiled graph"):
        make_resume_app(object(), store=SqliteRunStore(tmp_path / "runs.db"))  # type: ignore[arg-type]
