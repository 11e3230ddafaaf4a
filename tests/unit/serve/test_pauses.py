"""GET .../interrupts and POST .../resume: each pause answered by its own id, once."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from starlette.testclient import TestClient

from .helpers import turn


def answer(client: TestClient, pause: dict[str, Any], decision: str, **changes: str) -> Any:
    body = {"interrupt_id": pause["id"], "token": pause["token"], "decision": decision}
    return client.post(f"/threads/{pause['thread']}/resume", json={**body, **changes})


def test_what_waits_is_listed_by_id(client: TestClient) -> None:
    [pause] = turn(client)["waiting"]
    listed = client.get("/threads/t-1/interrupts").json()
    assert listed == {"thread": "t-1", "interrupts": [pause]}


def test_an_unknown_thread_has_nothing_to_list(client: TestClient) -> None:
    response = client.get("/threads/never-seen/interrupts")
    assert response.status_code == 404
    assert response.json()["code"] == "not_found"


def test_approve_runs_the_call_once(client: TestClient, calls: Callable[[str], int]) -> None:
    [pause] = turn(client)["waiting"]
    response = answer(client, pause, "approve")
    assert response.status_code == 200
    assert response.json()["waiting"] == []
    assert calls("charge") == 1


def test_a_second_answer_is_stale_and_changes_nothing(
    client: TestClient, calls: Callable[[str], int]
) -> None:
    [pause] = turn(client)["waiting"]
    answer(client, pause, "approve")
    again = answer(client, pause, "approve")
    assert again.status_code == 409
    assert again.json()["code"] == "interrupt_stale"
    # The store's state check refuses it; the claims table's guard would say "claimed it first".
    assert again.json()["detail"].endswith("it is answered already")
    assert calls("charge") == 1


def test_a_token_other_than_the_one_shown_is_stale(
    client: TestClient, calls: Callable[[str], int]
) -> None:
    [pause] = turn(client)["waiting"]
    response = answer(client, pause, "approve", token="f" * 64)
    assert response.status_code == 409
    assert calls("charge") == 0


def test_a_decision_the_pause_does_not_take_gets_422_and_it_stays_open(
    client: TestClient,
) -> None:
    [pause] = turn(client)["waiting"]
    assert answer(client, pause, "happened").status_code == 422
    assert client.get("/threads/t-1/interrupts").json()["interrupts"] == [pause]


def test_skip_runs_nothing(client: TestClient, calls: Callable[[str], int]) -> None:
    [pause] = turn(client)["waiting"]
    assert answer(client, pause, "skip").status_code == 200
    assert calls("charge") == 0


def test_an_answer_in_an_unknown_thread_gets_404(client: TestClient) -> None:
    [pause] = turn(client)["waiting"]
    body = {"interrupt_id": pause["id"], "token": pause["token"], "decision": "approve"}
    assert client.post("/threads/elsewhere/resume", json=body).status_code == 404


def test_an_answer_off_the_schema_gets_422_before_any_lookup(client: TestClient) -> None:
    body = {"interrupt_id": "p", "token": "t", "decision": "maybe"}
    assert client.post("/threads/never-seen/resume", json=body).status_code == 422


def test_a_new_turn_while_one_waits_closes_its_pause(client: TestClient) -> None:
    [pause] = turn(client)["waiting"]
    turn(client, text="look up order 4411")
    assert answer(client, pause, "approve").status_code == 409


def test_an_answer_that_names_the_pause_kind_is_taken(
    client: TestClient, calls: Callable[[str], int]
) -> None:
    [pause] = turn(client)["waiting"]
    response = answer(client, pause, "approve", kind="confirm")
    assert response.status_code == 200
    assert calls("charge") == 1


def test_an_answer_naming_another_kind_is_stale_and_names_the_pause_kind(
    client: TestClient, calls: Callable[[str], int]
) -> None:
    [pause] = turn(client)["waiting"]
    response = answer(client, pause, "approve", kind="delegate")
    assert response.status_code == 409
    assert response.json()["code"] == "interrupt_stale"
    assert (
        "is confirm, not delegate: it takes approve, skip, cancel_all" in response.json()["detail"]
    )
    assert calls("charge") == 0
    assert client.get("/threads/t-1/interrupts").json()["interrupts"] == [pause]


def test_a_decision_outside_the_named_kind_gets_422_before_any_lookup(
    client: TestClient,
) -> None:
    response = answer(client, {"id": "p", "token": "t", "thread": "t-9"}, "skip", kind="delegate")
    assert response.status_code == 422
    assert "decision" in response.json()["detail"]


def test_an_unknown_kind_gets_422_naming_the_kinds(client: TestClient) -> None:
    response = answer(client, {"id": "p", "token": "t", "thread": "t-9"}, "approve", kind="poll")
    assert response.status_code == 422
    assert "confirm, outcome_unknown, saga_stuck, ask, delegate" in response.json()["detail"]


def test_an_answer_that_is_not_strict_json_gets_400_whatever_kind_it_names(
    client: TestClient,
) -> None:
    body = b'{"kind": "poll", "interrupt_id": "p", "token": "t", "decision": NaN}'
    response = client.post(
        "/threads/t-9/resume", content=body, headers={"Content-Type": "application/json"}
    )
    assert response.status_code == 400
    assert response.json()["detail"] == "The body is not JSON in UTF-8."
