"""POST /pair and the console's origin, with --dev-pair."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from starlette.testclient import TestClient

from stalwart_agents.serve._pairing import PairingCode

CONSOLE = "http://localhost:5173"


@pytest.fixture
def pairing() -> PairingCode:
    return PairingCode()


@pytest.fixture
def paired_app(serve: Callable[..., TestClient], pairing: PairingCode) -> TestClient:
    return serve(pairing=pairing, console_origin=CONSOLE)


def wrong(pairing: PairingCode) -> str:
    return f"{(int(pairing.code) + 1) % 10**6:06d}"


def test_the_printed_code_pairs_for_a_session(paired_app: TestClient, pairing: PairingCode) -> None:
    response = paired_app.post("/pair", json={"code": pairing.code})
    assert response.status_code == 200
    assert response.json()["session"] == response.headers["stalwart-session"]


def test_the_code_pairs_once(paired_app: TestClient, pairing: PairingCode) -> None:
    paired_app.post("/pair", json={"code": pairing.code})
    assert paired_app.post("/pair", json={"code": pairing.code}).status_code == 401


def test_a_wrong_code_gets_401(paired_app: TestClient, pairing: PairingCode) -> None:
    response = paired_app.post("/pair", json={"code": wrong(pairing)})
    assert response.status_code == 401
    assert response.json()["code"] == "unauthorized"


def test_guessing_is_rate_limited(paired_app: TestClient, pairing: PairingCode) -> None:
    for _ in range(5):
        paired_app.post("/pair", json={"code": wrong(pairing)})
    response = paired_app.post("/pair", json={"code": pairing.code})
    assert response.status_code == 429
    assert response.json()["code"] == "too_many_requests"
    assert int(response.headers["retry-after"]) > 0


def test_a_code_that_is_not_six_digits_gets_422(paired_app: TestClient) -> None:
    assert paired_app.post("/pair", json={"code": "12345"}).status_code == 422


def test_without_dev_pair_pairing_is_off(client: TestClient) -> None:
    response = client.post("/pair", json={"code": "123456"})
    assert response.status_code == 403
    assert "--dev-pair" in response.json()["detail"]


def test_the_console_origin_may_call_across_origins(paired_app: TestClient) -> None:
    response = paired_app.options(
        "/pair",
        headers={"Origin": CONSOLE, "Access-Control-Request-Method": "POST"},
    )
    assert response.headers["access-control-allow-origin"] == CONSOLE


def test_another_origin_may_not(paired_app: TestClient) -> None:
    response = paired_app.options(
        "/pair",
        headers={"Origin": "https://evil.example", "Access-Control-Request-Method": "POST"},
    )
    assert "access-control-allow-origin" not in response.headers


def test_without_dev_pair_no_origin_may_call_across(client: TestClient) -> None:
    response = client.get("/healthz", headers={"Origin": "https://api.stalwart.it"})
    assert "access-control-allow-origin" not in response.headers


def test_the_console_needs_a_paired_session_for_the_threads(
    paired_app: TestClient, pairing: PairingCode
) -> None:
    body = {"text": "look up order 4411"}
    refused = paired_app.post("/threads/t-1/messages", json=body, headers={"Origin": CONSOLE})
    assert refused.status_code == 401
    session = paired_app.post("/pair", json={"code": pairing.code}).json()["session"]
    taken = paired_app.post(
        "/threads/t-1/messages",
        json=body,
        headers={"Origin": CONSOLE, "Stalwart-Session": session},
    )
    assert taken.status_code == 200
    assert taken.headers["access-control-expose-headers"] == "Stalwart-Session"
