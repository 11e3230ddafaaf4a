"""POST .../rollback: an operator undoes a thread's run with the operator token."""

from __future__ import annotations

from collections.abc import Callable

import pytest
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


def test_a_rollback_after_a_later_read_takes_the_latest_run_only(
    client: TestClient, calls: Callable[[str], int]
) -> None:
    approved(client)
    turn(client, text="look up the order 4411")
    report = client.post("/threads/t-1/rollback", headers=OPERATOR).json()
    assert report["undone"] == []
    assert calls("refund") == 0


def test_the_operator_names_the_run_to_undo(
    client: TestClient, calls: Callable[[str], int]
) -> None:
    [pause] = turn(client)["waiting"]
    charged = client.post(
        "/threads/t-1/resume",
        json={"interrupt_id": pause["id"], "token": pause["token"], "decision": "approve"},
    ).json()["run"]
    turn(client, text="look up the order 4411")
    response = client.post("/threads/t-1/rollback", json={"run": charged}, headers=OPERATOR)
    assert response.status_code == 200, response.text
    assert [entry["tool"] for entry in response.json()["undone"]] == ["charge"]
    assert calls("refund") == 1


def test_a_run_of_another_thread_or_none_gets_404_and_undoes_nothing(
    client: TestClient, calls: Callable[[str], int]
) -> None:
    approved(client, "t-2")
    other = turn(client, "t-2", text="look up the order 4411")["run"]
    turn(client, "t-1", text="look up the order 4411")
    for run in (other, "0" * 32):
        response = client.post("/threads/t-1/rollback", json={"run": run}, headers=OPERATOR)
        assert (response.status_code, response.json()["code"]) == (404, "not_found")
        assert run in response.json()["detail"]
    assert calls("refund") == 0


@pytest.mark.parametrize(
    "body", [{"run": "r/../1"}, {"run": ""}, {"run": 7}, {"run": None}, {"runs": "x"}, []]
)
def test_a_malformed_rollback_body_gets_422(client: TestClient, body: object) -> None:
    approved(client)
    response = client.post("/threads/t-1/rollback", json=body, headers=OPERATOR)
    assert (response.status_code, response.json()["code"]) == (422, "invalid_request")
