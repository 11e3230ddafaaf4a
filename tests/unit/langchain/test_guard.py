"""The door on a laptop, as `stalwart serve`: no cross-site answer, no rebound host name."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import httpx
from langgraph.checkpoint.memory import InMemorySaver
from starlette.applications import Starlette

from stalwart_agents.langchain import make_resume_app
from stalwart_agents.store.sqlite import SqliteRunStore
from tests.loopback import serving

from .conftest import Worker
from .graphs import Effects, side_by_side
from .helpers import answer, resume, turn

Client = Callable[[Starlette], httpx.AsyncClient]
EVIL = "https://evil.example"


async def test_a_page_on_another_site_gets_403_and_its_answer_runs_nothing(
    local_worker: Worker, client_of: Client, effects: Effects
) -> None:
    app = await local_worker()
    charge = (await turn(app))["waiting"][0]
    client = client_of(app)
    response = await client.post(
        "/threads/t-1/resume", json=answer(charge), headers={"Origin": EVIL}
    )
    assert response.status_code == 403
    assert EVIL in response.json()["detail"]
    assert "make_resume_app(origins=...)" in response.json()["detail"]
    assert effects.rows() == []
    listed = await client.get("/threads/t-1/interrupts", headers={"Origin": EVIL})
    assert listed.status_code == 403


async def test_the_doors_own_page_is_served(
    local_worker: Worker, client_of: Client, effects: Effects
) -> None:
    app = await local_worker()
    charge = (await turn(app))["waiting"][0]
    client = client_of(app)
    client.headers["Origin"] = "http://door"
    assert (await resume(client, answer(charge))).status_code == 200
    assert [node for node, _ in effects.rows()] == ["charge"]


async def test_named_origins_and_the_public_urls_are_served(
    local_worker: Worker, client_of: Client
) -> None:
    app = await local_worker(origins=["https://shop.example"], public_url="https://bot.example")
    await turn(app)
    client = client_of(app)
    for origin, status in [
        ("https://shop.example", 200),
        ("https://bot.example", 200),
        ("https://other.example", 403),
    ]:
        response = await client.get("/threads/t-1/interrupts", headers={"Origin": origin})
        assert response.status_code == status, origin


def test_on_loopback_a_rebound_host_name_gets_403(tmp_path: Path, effects: Effects) -> None:
    graph = side_by_side(effects, InMemorySaver())
    store = SqliteRunStore(tmp_path / "runs.db")
    app = make_resume_app(graph, store=store, public_url="https://bot.example.com/agent")
    with serving(app) as url:
        rebound = httpx.get(f"{url}/healthz", headers={"Host": "rebind.evil.example"})
        assert rebound.status_code == 403
        assert "rebind.evil.example" in rebound.json()["detail"]
        assert httpx.get(f"{url}/healthz", headers={"Host": "bot.example.com"}).status_code == 200
        assert httpx.get(f"{url}/healthz", headers={"Host": "localhost"}).status_code == 200
        assert httpx.get(f"{url}/healthz").status_code == 200


def test_named_hosts_are_the_only_names_served(tmp_path: Path, effects: Effects) -> None:
    graph = side_by_side(effects, InMemorySaver())
    app = make_resume_app(graph, store=SqliteRunStore(tmp_path / "runs.db"), hosts=["door.lan"])
    with serving(app) as url:
        assert httpx.get(f"{url}/healthz", headers={"Host": "door.lan"}).status_code == 200
        assert httpx.get(f"{url}/healthz").status_code == 403


async def test_off_loopback_any_host_name_is_served(
    local_worker: Worker, client_of: Client
) -> None:
    client = client_of(await local_worker())
    response = await client.get("/healthz", headers={"Host": "rebind.evil.example"})
    assert response.status_code == 200
