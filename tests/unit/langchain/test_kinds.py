"""Interrupt values mapped to kinds: confirm by default, the others through kind_of."""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import Any

import httpx
import pytest
from starlette.applications import Starlette

from stalwart_agents._generated.spec import ANSWERS

from .conftest import Worker
from .graphs import Effects, one_question
from .helpers import answer, resume, turn

Client = Callable[[Starlette], httpx.AsyncClient]


def asks_for_a_number(value: Any) -> tuple[str, Mapping[str, Any]]:
    return "ask", {"argument": "amount", "type": "number"}


async def asking(local_worker: Worker) -> Starlette:
    build = functools.partial(one_question, payload="How much should I refund?")
    return await local_worker(build, kind_of=asks_for_a_number)


async def test_kind_of_makes_an_ask_with_the_payload_as_its_question(
    local_worker: Worker,
) -> None:
    [pause] = (await turn(await asking(local_worker)))["waiting"]
    assert (pause["kind"], pause["choices"]) == ("ask", list(ANSWERS["ask"]))
    assert (pause["question"], pause["argument"], pause["type"]) == (
        "How much should I refund?",
        "amount",
        "number",
    )


async def test_an_asks_answer_reaches_the_node_as_its_type(
    local_worker: Worker, client_of: Client, effects: Effects
) -> None:
    app = await asking(local_worker)
    [pause] = (await turn(app))["waiting"]
    response = await resume(client_of(app), answer(pause, "answer", value="40.5"))
    assert response.status_code == 200, response.text
    assert effects.rows() == [("ask", "{'decision': 'answer', 'value': 40.5}")]


async def test_an_ask_answer_of_the_wrong_type_is_422_and_it_still_waits(
    local_worker: Worker, client_of: Client, effects: Effects
) -> None:
    app = await asking(local_worker)
    client = client_of(app)
    [pause] = (await turn(app))["waiting"]
    refused = await resume(client, answer(pause, "answer", value="lots"))
    assert (refused.status_code, refused.json()["code"]) == (422, "invalid_request")
    assert (await client.get("/threads/t-1/interrupts")).json()["interrupts"] == [pause]
    assert effects.rows() == []


async def test_an_ask_without_a_value_is_422(local_worker: Worker, client_of: Client) -> None:
    app = await asking(local_worker)
    [pause] = (await turn(app))["waiting"]
    refused = await resume(client_of(app), answer(pause, "answer"))
    assert refused.status_code == 422
    assert "needs an answer" in refused.json()["detail"]


@pytest.mark.parametrize(
    ("kind", "fields", "shown"),
    [
        ("outcome_unknown", {"error": "timed out"}, {"error": "timed out"}),
        ("saga_stuck", {}, {"pending": []}),
        ("delegate", {}, {"text": "Shall the model take it?"}),
    ],
)
async def test_kind_of_gives_each_kind_its_own_fields(
    local_worker: Worker, kind: str, fields: dict[str, Any], shown: dict[str, Any]
) -> None:
    build = functools.partial(one_question, payload="Shall the model take it?")
    app = await local_worker(build, kind_of=lambda value: (kind, fields))
    [pause] = (await turn(app))["waiting"]
    assert pause["kind"] == kind
    assert pause["choices"] == list(ANSWERS[kind])
    assert {key: pause[key] for key in shown} == shown


async def test_a_kind_that_is_not_the_specs_fails_loudly(local_worker: Worker) -> None:
    app = await local_worker(kind_of=lambda value: ("approval", {}))
    with pytest.raises(ValueError, match="a kind is one of"):
        await turn(app)


async def test_a_field_the_kind_does_not_have_fails_loudly(local_worker: Worker) -> None:
    app = await local_worker(kind_of=lambda value: ("confirm", {"question": "?"}))
    with pytest.raises(ValueError, match=r"does not have .*\['question'\]"):
        await turn(app)


async def test_kind_of_may_override_what_the_payload_shows(local_worker: Worker) -> None:
    app = await local_worker(kind_of=lambda value: ("confirm", {"wording": "Charge it?"}))
    charge, _ = (await turn(app))["waiting"]
    assert (charge["tool"], charge["wording"]) == ("charge_card", "Charge it?")
