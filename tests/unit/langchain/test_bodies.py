"""Bad answers are refused before anything is looked up, and a secret requires a signature."""

from __future__ import annotations

import json
from collections.abc import Callable

import httpx
from starlette.applications import Starlette

from stalwart_agents.webhook import sign

from .conftest import Worker
from .helpers import answer, turn

Client = Callable[[Starlette], httpx.AsyncClient]
NOWHERE = "/threads/never-ran/resume"
SECRET = "whsec_door"


async def test_a_body_that_is_not_json_is_400_even_for_an_unknown_thread(
    local_worker: Worker, client_of: Client
) -> None:
    response = await client_of(await local_worker()).post(
        NOWHERE, content=b"{not json", headers={"Content-Type": "application/json"}
    )
    assert (response.status_code, response.json()["code"]) == (400, "invalid_request")


async def test_a_body_over_the_limit_is_413(local_worker: Worker, client_of: Client) -> None:
    client = client_of(await local_worker(max_body=64))
    response = await client.post(
        NOWHERE, content=b"x" * 65, headers={"Content-Type": "application/json"}
    )
    assert (response.status_code, response.json()["code"]) == (413, "payload_too_large")


async def test_a_body_the_schema_refuses_is_422_even_for_an_unknown_thread(
    local_worker: Worker, client_of: Client
) -> None:
    body = {"interrupt_id": "a", "token": "b", "decision": "maybe"}
    response = await client_of(await local_worker()).post(NOWHERE, json=body)
    assert (response.status_code, response.json()["code"]) == (422, "invalid_request")


async def test_errors_are_problem_json(local_worker: Worker, client_of: Client) -> None:
    response = await client_of(await local_worker()).post(
        NOWHERE, content=b"[", headers={"Content-Type": "application/json"}
    )
    assert response.headers["content-type"] == "application/problem+json"
    assert set(response.json()) == {"type", "title", "status", "code", "detail"}


async def test_with_a_secret_an_unsigned_answer_is_401(
    local_worker: Worker, client_of: Client
) -> None:
    app = await local_worker(secret=SECRET)
    charge = (await turn(app))["waiting"][0]
    response = await client_of(app).post("/threads/t-1/resume", json=answer(charge))
    assert (response.status_code, response.json()["code"]) == (401, "unauthorized")


async def test_with_a_secret_a_signed_answer_is_taken(
    local_worker: Worker, client_of: Client
) -> None:
    app = await local_worker(secret=SECRET)
    charge = (await turn(app))["waiting"][0]
    body = json.dumps(answer(charge)).encode()
    headers = {"Content-Type": "application/json", "Stalwart-Signature": sign(body, SECRET)}
    response = await client_of(app).post("/threads/t-1/resume", content=body, headers=headers)
    assert response.status_code == 200, response.text
