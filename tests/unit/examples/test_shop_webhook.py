"""A signed webhook for the shop's charge carries the card's facts as the HTTP pause shows them."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import yaml
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route
from starlette.testclient import TestClient

from stalwart_agents.serve import make_app
from stalwart_agents.webhook import Webhook, verify
from tests.loopback import serving

from .helpers import AGENT_FILE

SECRET = "whsec_shop_facts_7d21"


@pytest.fixture
def receiver() -> Iterator[tuple[str, list[dict[str, Any]]]]:
    """A receiver on loopback that keeps each delivery whose signature verifies."""
    kept: list[dict[str, Any]] = []

    async def take(request: Request) -> Response:
        body = await request.body()
        verify(request.headers.get("stalwart-signature"), body, SECRET)
        kept.append(json.loads(body))
        return Response(status_code=204)

    with serving(Starlette(routes=[Route("/hook", take, methods=["POST"])])) as url:
        yield f"{url}/hook", kept


@contextmanager
def served(
    agent_file: Path, folder: Path, monkeypatch: pytest.MonkeyPatch, hook: str
) -> Iterator[TestClient]:
    """A shop served over HTTP, its runs kept in `folder`, each new pause posted to `hook`."""
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.chdir(folder)
    with TestClient(make_app(agent_file, on_interrupt=Webhook(hook, SECRET, timeout=5))) as client:
        yield client


@pytest.fixture
def client(
    shop_db: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    receiver: tuple[str, list[dict[str, Any]]],
) -> Iterator[TestClient]:
    """The shop served over HTTP, each new pause posted to the receiver."""
    with served(AGENT_FILE, tmp_path, monkeypatch, receiver[0]) as client:
        yield client


def waiting_on(client: TestClient, text: str) -> dict[str, Any]:
    """The one pause a turn leaves, as the HTTP API shows it."""
    response = client.post("/threads/t-1/messages", json={"text": text})
    assert response.status_code == 200, response.text
    (pause,) = response.json()["waiting"]
    return dict(pause)


def test_the_webhook_carries_the_order_s_facts_as_the_http_pause_shows_them(
    client: TestClient, receiver: tuple[str, list[dict[str, Any]]]
) -> None:
    pause = waiting_on(client, "charge 40 to order 4411")

    (notice,) = receiver[1]
    assert pause["kind"] == "confirm" and pause["facts"], pause
    assert (notice["interrupt"]["facts"], notice["interrupt"]["facts_note"]) == (
        pause["facts"],
        pause["facts_note"],
    )
    assert notice["interrupt"] == pause


def test_the_webhook_carries_the_note_when_the_order_could_not_be_read(
    shop_db: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    receiver: tuple[str, list[dict[str, Any]]],
) -> None:
    folder = tmp_path / "shop"
    shutil.copytree(AGENT_FILE.parent, folder, ignore=shutil.ignore_patterns("__pycache__"))
    agent = yaml.safe_load((folder / "agent.yaml").read_text(encoding="utf-8"))
    agent["tools"]["charge_card"]["timeout"] = 1e-9
    (folder / "agent.yaml").write_text(yaml.safe_dump(agent, allow_unicode=True), "utf-8")

    with served(folder / "agent.yaml", tmp_path, monkeypatch, receiver[0]) as client:
        pause = waiting_on(client, "charge 40 to order 4411")

    (notice,) = receiver[1]
    assert (pause["kind"], pause["facts"]) == ("confirm", [])
    assert pause["facts_note"] == (
        "Look up an order could not be read, so this card shows no facts from it."
    )
    assert notice["interrupt"]["facts_note"] == pause["facts_note"]
    assert notice["interrupt"] == pause
