"""--follows against a fake console on loopback: apply, hold for the owner, tell of a release."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp

from stalwart_agents.serve._follows import (
    FOLLOW_FILE,
    Follower,
    FollowError,
    FollowSettings,
    Outcome,
    removals,
)

KEY = "fk_test"
NEWER = """\
agents:
  - name: shop
    purpose: Helps with orders, and now with returns.
tools:
  find_order:
    function: shop_tools:find_order
    description: Finds an order by its number.
    arguments:
      order_id: {type: string}
  cancel_order:
    function: shop_tools:cancel_order
    description: Cancels an order.
    write: true
    arguments:
      order_id: {type: string}
"""
WITHOUT_CANCEL = """\
agents:
  - name: shop
    purpose: Helps with orders.
tools:
  find_order:
    function: shop_tools:find_order
    description: Finds an order.
    arguments:
      order_id: {type: string}
"""


@dataclass
class Console:
    """What the fake console holds and what it was told."""

    version: int = 1
    approved: bool = False
    release: dict[str, Any] | None = None
    files: dict[int, str] = field(default_factory=dict)
    damaged: bool = False
    held: list[dict[str, Any]] = field(default_factory=list)
    status: int = 200

    def app(self) -> Starlette:
        def authorised(request: Request) -> bool:
            return request.headers.get("authorization") == f"Bearer {KEY}"

        async def latest(request: Request) -> Response:
            if not authorised(request) or self.status != 200:
                return Response(status_code=self.status if self.status != 200 else 401)
            return JSONResponse(
                {
                    "bot": "b-1",
                    "version": self.version,
                    "approved": self.approved,
                    "release": self.release,
                    "poll": 1,
                }
            )

        async def one(request: Request) -> Response:
            number = int(request.path_params["number"])
            text = self.files[number]
            digest = hashlib.sha256(("x" if self.damaged else text).encode()).hexdigest()
            return JSONResponse(
                {"bot": "b-1", "version": number, "agent_yaml": text, "sha256": digest}
            )

        async def held(request: Request) -> Response:
            self.held.append(await request.json())
            return Response(status_code=204)

        return Starlette(
            routes=[
                Route("/v1/bots/b-1/version", latest),
                Route("/v1/bots/b-1/versions/{number:int}", one),
                Route("/v1/bots/b-1/versions/{number:int}/held", held, methods=["POST"]),
            ]
        )


@pytest.fixture
def console() -> Console:
    return Console()


@pytest.fixture
def console_url(
    console: Console, loopback: Callable[[ASGIApp], AbstractContextManager[str]]
) -> Iterator[str]:
    with loopback(console.app()) as url:
        yield url


@pytest.fixture
def applied() -> list[int]:
    return []


@pytest.fixture
def follower(agent_file: Path, console_url: str, applied: list[int]) -> Follower:
    settings = FollowSettings(console=console_url, bot="b-1", key=KEY, version=1)
    settings.write(agent_file)
    return Follower(agent_file, settings, on_applied=applied.append)


async def look(follower: Follower) -> Outcome:
    async with httpx.AsyncClient() as client:
        return await follower.check_once(client)


async def test_the_version_this_host_runs_changes_nothing(
    follower: Follower, applied: list[int]
) -> None:
    assert await look(follower) is Outcome.CURRENT
    assert applied == []


async def test_a_newer_version_is_applied_and_the_host_starts_again(
    follower: Follower, console: Console, agent_file: Path, applied: list[int]
) -> None:
    console.version, console.files[2] = 2, NEWER
    assert await look(follower) is Outcome.APPLIED
    assert agent_file.read_text() == NEWER
    assert applied == [2]


async def test_an_applied_version_is_recorded_beside_the_agent_file(
    follower: Follower, console: Console, agent_file: Path
) -> None:
    console.version, console.files[2] = 2, NEWER
    await look(follower)
    assert json.loads((agent_file.parent / FOLLOW_FILE).read_text())["version"] == 2


async def test_a_version_that_takes_a_tool_away_waits_for_the_owner(
    follower: Follower, console: Console, agent_file: Path, applied: list[int]
) -> None:
    before = agent_file.read_text()
    console.version, console.files[2] = 2, WITHOUT_CANCEL
    assert await look(follower) is Outcome.HELD
    assert agent_file.read_text() == before
    assert applied == []
    assert console.held == [{"removes": ["tools.cancel_order"], "running": 1}]


async def test_the_console_is_told_of_a_held_version_once(
    follower: Follower, console: Console
) -> None:
    console.version, console.files[2] = 2, WITHOUT_CANCEL
    await look(follower)
    await look(follower)
    assert len(console.held) == 1


async def test_a_version_the_owner_approved_is_applied_though_it_takes_away(
    follower: Follower, console: Console, agent_file: Path
) -> None:
    console.version, console.files[2], console.approved = 2, WITHOUT_CANCEL, True
    assert await look(follower) is Outcome.APPLIED
    assert agent_file.read_text() == WITHOUT_CANCEL


async def test_a_version_that_does_not_load_is_not_applied(
    follower: Follower, console: Console, agent_file: Path
) -> None:
    before = agent_file.read_text()
    console.version, console.files[2] = 2, "agents: []\n"
    assert await look(follower) is Outcome.REJECTED
    assert agent_file.read_text() == before


async def test_a_damaged_version_stops_following(follower: Follower, console: Console) -> None:
    console.version, console.files[2], console.damaged = 2, NEWER, True
    with pytest.raises(FollowError, match="damaged"):
        await look(follower)


async def test_a_revoked_key_stops_following(follower: Follower, console: Console) -> None:
    console.status = 401
    with pytest.raises(FollowError, match="refused the follow key"):
        await look(follower)


async def test_a_newer_release_is_told_of(follower: Follower, console: Console) -> None:
    console.release = {"version": "999.0.0"}
    await look(follower)
    assert follower.release_notice is not None
    assert "999.0.0 is out" in follower.release_notice


async def test_an_older_release_is_not_told_of(follower: Follower, console: Console) -> None:
    console.release = {"version": "0.0.1"}
    await look(follower)
    assert follower.release_notice is None


async def test_following_stops_once_a_version_is_applied(
    follower: Follower, console: Console, applied: list[int]
) -> None:
    console.version, console.files[2] = 2, NEWER
    await follower.run()
    assert applied == [2]


def test_a_removed_key_is_taken_away() -> None:
    assert removals({"a": {"b": 1, "c": 2}}, {"a": {"b": 1}}) == ["a.c"]


def test_a_removed_named_item_is_taken_away() -> None:
    old = {"agents": [{"name": "shop"}, {"name": "desk"}]}
    assert removals(old, {"agents": [{"name": "shop"}]}) == ["agents.desk"]


def test_a_removed_plain_value_is_taken_away() -> None:
    old = {"tools": ["find_order", "cancel_order"]}
    assert removals(old, {"tools": ["find_order"]}) == ["tools: 'cancel_order'"]


def test_a_changed_value_takes_nothing_away() -> None:
    assert removals({"purpose": "old", "thumbs": True}, {"purpose": "new", "thumbs": False}) == []


def test_following_needs_the_file_the_console_writes(agent_file: Path) -> None:
    with pytest.raises(FollowError, match="Run it on my computer"):
        FollowSettings.read(agent_file, "https://api.stalwart.it")


def test_the_console_defaults_to_the_console_origin(agent_file: Path) -> None:
    (agent_file.parent / FOLLOW_FILE).write_text('{"bot": "b-1", "key": "k", "version": 3}')
    settings = FollowSettings.read(agent_file, "http://localhost:5173")
    assert settings.console == "http://localhost:5173"
