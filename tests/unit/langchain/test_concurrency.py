"""Answers that arrive together, on one worker or two: exactly one is applied."""

from __future__ import annotations

import asyncio
import functools
import threading
from collections.abc import Callable

import httpx
from starlette.applications import Starlette

from .conftest import Worker
from .graphs import Effects, gated
from .helpers import answer, resume, turn

Client = Callable[[Starlette], httpx.AsyncClient]


async def test_twenty_answers_at_once_on_one_worker_apply_once(
    worker: Worker, client_of: Client, effects: Effects
) -> None:
    app = await worker()
    client = client_of(app)
    charge = (await turn(app))["waiting"][0]
    responses = await asyncio.gather(*(resume(client, answer(charge)) for _ in range(20)))
    statuses = sorted(response.status_code for response in responses)
    assert statuses == [200] + [409] * 19
    assert [node for node, _ in effects.rows()] == ["charge"]


async def test_twenty_answers_at_once_on_two_workers_apply_once(
    worker: Worker, client_of: Client, effects: Effects
) -> None:
    first, second = await worker(), await worker()
    charge = (await turn(first))["waiting"][0]
    clients = [client_of(first), client_of(second)] * 10
    responses = await asyncio.gather(*(resume(client, answer(charge)) for client in clients))
    statuses = sorted(response.status_code for response in responses)
    assert statuses == [200] + [409] * 19
    assert all(r.json()["code"] == "interrupt_stale" for r in responses if r.status_code == 409)
    assert [node for node, _ in effects.rows()] == ["charge"]


async def test_the_losers_on_another_worker_change_nothing(
    worker: Worker, client_of: Client, effects: Effects
) -> None:
    first, second = await worker(), await worker()
    charge, email = (await turn(first))["waiting"]
    assert (await resume(client_of(first), answer(charge))).status_code == 200
    late = await resume(client_of(second), answer(charge, "cancel_all"))
    assert late.status_code == 409
    assert (await client_of(second).get("/threads/t-1/interrupts")).json()["interrupts"] == [email]
    assert [node for node, _ in effects.rows()] == ["charge"]


async def test_an_answer_while_another_worker_applies_one_loses_the_claim(
    worker: Worker, client_of: Client, effects: Effects
) -> None:
    started, gate = threading.Event(), threading.Event()
    build = functools.partial(gated, started=started, gate=gate)
    first, second = await worker(build), await worker(build)
    charge = (await turn(first))["waiting"][0]
    applying = asyncio.create_task(resume(client_of(first), answer(charge)))
    while not started.is_set():
        await asyncio.sleep(0.01)
    late = await resume(client_of(second), answer(charge, "skip"))
    gate.set()
    assert (await applying).status_code == 200
    assert (late.status_code, late.json()["code"]) == (409, "interrupt_stale")
    assert "claimed it first" in late.json()["detail"]
    assert effects.rows() == [("charge", "{'decision': 'approve', 'value': None}")]


async def test_side_by_side_interrupts_answered_at_once_on_two_workers_both_apply(
    worker: Worker, client_of: Client, effects: Effects
) -> None:
    first, second = await worker(), await worker()
    charge, email = (await turn(first))["waiting"]
    responses = await asyncio.gather(
        resume(client_of(first), answer(charge)), resume(client_of(second), answer(email))
    )
    assert [response.status_code for response in responses] == [200, 200]
    assert sorted(node for node, _ in effects.rows()) == ["charge", "email"]
    assert (await client_of(first).get("/threads/t-1/interrupts")).json()["interrupts"] == []
