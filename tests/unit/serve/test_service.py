"""Health, config.json, the interface files, and problem JSON on every error path."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from starlette.requests import Request
from starlette.testclient import TestClient

from stalwart_agents.serve import make_app
from stalwart_agents.serve._static import ui_directory


def test_health_answers_ok(client: TestClient) -> None:
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok"}


def test_config_tells_the_agent_and_what_it_can_do(client: TestClient) -> None:
    config = client.get("/config.json").json()
    assert config["name"] == "Contract desk"
    assert config["base"] == ""
    assert config["language"] == "en"
    assert config["contact"] == "desk@example.com"
    charge = next(item for item in config["capabilities"] if item["tool"] == "charge")
    assert charge["asks_first"] is True
    assert charge["examples"] == ["charge 40 to order 4411"]


def test_config_names_the_configured_base(serve: Callable[..., TestClient]) -> None:
    assert serve(base="/agent").get("/config.json").json()["base"] == "/agent"


def test_the_interface_is_served_at_the_root(client: TestClient) -> None:
    response = client.get("/")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    assert response.text == (ui_directory() / "index.html").read_text(encoding="utf-8")


def test_the_interface_allows_this_host_only(client: TestClient) -> None:
    policy = client.get("/").headers["content-security-policy"]
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";"))
    assert directives["default-src"] == "'self'"
    assert all("http" not in value and "unsafe" not in value for value in directives.values())


def test_the_interface_scripts_are_served(client: TestClient) -> None:
    assert client.get("/app.js").status_code == 200
    assert client.get("/src/chat/chat.js").status_code == 200


def test_files_beside_the_interface_are_not_served(client: TestClient) -> None:
    assert client.get("/package.json").status_code == 404


def test_an_unknown_path_gets_problem_json(client: TestClient) -> None:
    response = client.get("/nothing-here")
    assert response.status_code == 404
    assert response.json()["code"] == "not_found"


def test_a_method_a_route_does_not_take_gets_405_with_allow(client: TestClient) -> None:
    response = client.delete("/threads/t-1/messages")
    assert response.status_code == 405
    assert response.headers["allow"] == "POST"
    assert response.json()["code"] == "method_not_allowed"


def test_an_unexpected_error_is_problem_json_not_a_traceback(contract_agent: Path) -> None:
    def broken(request: Request) -> dict[str, str]:
        raise RuntimeError("the session store is down")

    app = make_app(contract_agent, context=broken)
    with TestClient(app, raise_server_exceptions=False) as client:
        response = client.post("/threads/t-1/messages", json={"text": "look up order 1"})
    assert response.status_code == 500
    assert response.json()["code"] == "internal_error"
    assert "session store" not in response.text
