"""The shop mounted with make_app: the agent file's context applies, as under stalwart serve."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from stalwart_agents.desk import Desk
from stalwart_agents.serve import make_app
from stalwart_agents.store import open_store

from .helpers import AGENT_FILE


@pytest.fixture
def desk(shop_db: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Desk:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    return Desk(AGENT_FILE, store=open_store(f"sqlite:///{tmp_path / 'runs.db'}"))


def waiting(client: TestClient) -> dict[str, Any]:
    reply = client.post("/threads/t-1/messages", json={"text": "charge 40 to order 4411"})
    assert reply.status_code == 200, reply.text
    (pause,) = reply.json()["waiting"]
    return dict(pause)


def test_make_app_gives_each_request_the_agent_files_context(desk: Desk) -> None:
    with TestClient(make_app(desk)) as client:
        pause = waiting(client)
    origins = {arg["name"]: (arg["value"], arg["origin"]) for arg in pause["arguments"]}
    assert pause["kind"] == "confirm"
    assert origins["customer"] == ("c-208", "context")
    assert origins["card"] == ("visa-0019", "context")


def test_a_context_given_to_make_app_wins_over_the_agent_files(desk: Desk) -> None:
    def another(request: object) -> dict[str, str]:
        return {"customer": "c-301", "card": "visa-0042"}

    with TestClient(make_app(desk, context=another)) as client:
        pause = waiting(client)
    customer = next(arg for arg in pause["arguments"] if arg["name"] == "customer")
    assert customer["value"] == "c-301"
