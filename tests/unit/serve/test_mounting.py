"""make_app mounts under a prefix in another ASGI application."""

from __future__ import annotations

from pathlib import Path

from starlette.applications import Starlette
from starlette.routing import Mount
from starlette.testclient import TestClient

from stalwart_agents.serve import make_app

from .helpers import CHARGE


def test_mounted_without_its_lifespan_it_opens_the_desk_on_first_use(
    contract_agent: Path,
) -> None:
    outer = Starlette(routes=[Mount("/agent", make_app(contract_agent))])
    with TestClient(outer) as client:
        response = client.post("/agent/threads/t-1/messages", json={"text": CHARGE})
        assert response.status_code == 200
        assert response.json()["waiting"][0]["tool"] == "charge"


def test_mounted_its_config_names_the_prefix(contract_agent: Path) -> None:
    outer = Starlette(routes=[Mount("/agent", make_app(contract_agent))])
    with TestClient(outer) as client:
        assert client.get("/agent/config.json").json()["base"] == "/agent"


def test_mounted_its_session_cookie_stays_under_the_prefix(contract_agent: Path) -> None:
    outer = Starlette(routes=[Mount("/agent", make_app(contract_agent))])
    with TestClient(outer) as client:
        response = client.post("/agent/threads/t-1/messages", json={"text": CHARGE})
        assert "Path=/agent" in response.headers["set-cookie"]
