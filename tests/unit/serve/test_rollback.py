"""POST .../rollback: an operator undoes a thread's run with the operator token."""

from __future__ import annotations

from collections.abc import Callable

from starlette.testclient import TestClient

from .helpers import turn

OPERATOR = {"Authorization": "Bearer op-token"}


def approved(client: TestClient, thread: str = "t-1") -> None:
    [pause] = turn(client, thread)["waiting"]
    body = {"interrupt_id": pause["id"], "token": pause["token"], "decision": "approve"}
    assert client.post(f"/threads/{thread}/resume", json=body).status_code == 200


def test_the_operator_undoes_what_the_run_did(
    client: TestClient, calls: Callable[[str], int]
) -> None:
    approved(client)
    response = client.post("/threads/t-1/rollback", headers=OPERATOR)
    assert response.status_code == 200
    report = response.json()
    assert [entry["tool"] for entry in report["undone"]] == ["charge"]
    assert report["not_undoable"] == report["stuck"] == []
    assert calls("refund") == 1


def test_without_an_operator_token_the_route_is_off_and_says_how_to_set_one(
    serve: Callable[..., TestClient],
) -> None:
    client = serve()
    response = client.post("/threads/t-1/rollback", headers=OPERATOR)
    assert response.status_code == 403
    assert "--operator-token" in response.json()["detail"]
    assert "QLS_OPERATOR_TOKEN" in response.json()["detail"]


def test_a_wrong_token_gets_401(client: TestClient, calls: Callable[[str], int]) -> None:
    approved(client)
    response = client.post("/threads/t-1/rollback", headers={"Authorization": "Bearer guess"})
    assert response.status_code == 401
    assert response.json()["code"] == "unauthorized"
    assert calls("refund") == 0


def test_no_token_gets_401_with_a_bearer_challenge(client: TestClient) -> None:
    response = client.post("/threads/t-1/rollback")
    assert response.status_code == 401
    assert response.headers["www-authenticate"].startswith("Bearer")


def test_an_unknown_thread_gets_404(client: TestClient) -> None:
    assert client.post("/threads/never-seen/rollback", headers=OPERATOR).status_code == 404
