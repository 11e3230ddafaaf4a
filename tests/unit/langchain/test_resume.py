"""Answering a LangGraph interrupt through the door: checked, claimed once, then resumed."""

from __future__ import annotations

from collections.abc import Callable

import httpx
from starlette.applications import Starlette

from .conftest import Worker
from .graphs import Effects
from .helpers import THREAD, answer, resume, turn

Client = Callable[[Starlette], httpx.AsyncClient]


async def test_an_approval_resumes_the_node_with_the_decision(
    worker: Worker, client_of: Client, effects: Effects
) -> None:
    app = await worker()
    charge = (await turn(app))["waiting"][0]
    response = await resume(client_of(app), answer(charge))
    assert response.status_code == 200, response.text
    assert effects.rows() == [("charge", "{'decision': 'approve', 'value': None}")]


async def test_the_reply_lists_what_still_waits(worker: Worker, client_of: Client) -> None:
    app = await worker()
    charge, email = (await turn(app))["waiting"]
    reply = (await resume(client_of(app), answer(charge))).json()
    assert reply["thread"] == THREAD
    assert reply["waiting"] == [email]


async def test_side_by_side_interrupts_are_answered_one_by_one(
    worker: Worker, client_of: Client, effects: Effects
) -> None:
    app = await worker()
    client = client_of(app)
    charge, email = (await turn(app))["waiting"]
    assert (await resume(client, answer(email, "skip"))).status_code == 200
    assert (await client.get(f"/threads/{THREAD}/interrupts")).json()["interrupts"] == [charge]
    assert (await resume(client, answer(charge))).status_code == 200
    assert sorted(node for node, _ in effects.rows()) == ["charge", "email"]
    assert (await client.get(f"/threads/{THREAD}/interrupts")).json()["interrupts"] == []


async def test_a_second_answer_to_the_same_interrupt_is_stale(
    worker: Worker, client_of: Client, effects: Effects
) -> None:
    app = await worker()
    client = client_of(app)
    charge = (await turn(app))["waiting"][0]
    await resume(client, answer(charge))
    again = await resume(client, answer(charge, "skip"))
    assert (again.status_code, again.json()["code"]) == (409, "interrupt_stale")
    assert [node for node, _ in effects.rows()] == ["charge"]


async def test_a_wrong_token_is_stale_and_changes_nothing(
    worker: Worker, client_of: Client, effects: Effects
) -> None:
    app = await worker()
    client = client_of(app)
    charge, email = (await turn(app))["waiting"]
    wrong = await resume(client, answer(charge, token=email["token"]))
    assert (wrong.status_code, wrong.json()["code"]) == (409, "interrupt_stale")
    assert effects.rows() == []
    assert (await resume(client, answer(charge))).status_code == 200


async def test_an_unknown_interrupt_id_is_stale(
    worker: Worker, client_of: Client, effects: Effects
) -> None:
    app = await worker()
    charge = (await turn(app))["waiting"][0]
    unknown = await resume(client_of(app), answer(charge, interrupt_id="f" * 64))
    assert (unknown.status_code, unknown.json()["code"]) == (409, "interrupt_stale")
    assert effects.rows() == []


async def test_langgraphs_own_id_is_not_taken_for_ours(
    worker: Worker, client_of: Client, effects: Effects
) -> None:
    app = await worker()
    await turn(app)
    state = await app.state.door.runner.state({"configurable": {"thread_id": THREAD}})
    charge = (await app.state.door.waiting(THREAD))[0]
    body = {"interrupt_id": state.interrupts[0].id, "token": charge.token, "decision": "approve"}
    assert (await resume(client_of(app), body)).status_code == 409
    assert effects.rows() == []


async def test_a_decision_the_kind_does_not_take_is_422_and_it_still_waits(
    worker: Worker, client_of: Client
) -> None:
    app = await worker()
    client = client_of(app)
    charge = (await turn(app))["waiting"][0]
    refused = await resume(client, answer(charge, "happened"))
    assert (refused.status_code, refused.json()["code"]) == (422, "invalid_request")
    assert "approve, skip, cancel_all" in refused.json()["detail"]
    assert (await resume(client, answer(charge))).status_code == 200


async def test_an_unknown_thread_is_404(worker: Worker, client_of: Client) -> None:
    app = await worker()
    body = {"interrupt_id": "a" * 64, "token": "b" * 64, "decision": "approve"}
    response = await resume(client_of(app), body, thread="never-ran")
    assert (response.status_code, response.json()["code"]) == (404, "not_found")


async def test_each_answer_through_the_door_is_listed_with_its_channel_oldest_first(
    worker: Worker, client_of: Client
) -> None:
    app = await worker()
    client = client_of(app)
    charge, email = (await turn(app))["waiting"]
    await resume(client, answer(email, "skip"))
    await resume(client, answer(charge))
    listed = (await client.get(f"/threads/{THREAD}/decisions")).json()
    assert [
        (d["interrupt"], d["kind"], d["step"], d["decision"], d["channel"], d["yours"])
        for d in listed["decisions"]
    ] == [
        (email["id"], "confirm", email["step"], "skip", "door", False),
        (charge["id"], "confirm", charge["step"], "approve", "door", False),
    ]


async def test_a_thread_the_graph_never_ran_has_no_decisions_to_list(
    worker: Worker, client_of: Client
) -> None:
    response = await client_of(await worker()).get("/threads/t-never/decisions")
    assert (response.status_code, response.json()["code"]) == (404, "not_found")
