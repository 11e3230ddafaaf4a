"""A door's pauses expire as agent.yaml's do: shown on the card, answered by a sweep as expiry."""

from __future__ import annotations

import asyncio
import datetime as dt
import functools
import time
from collections.abc import Callable
from typing import Any

import httpx
import pytest
from starlette.applications import Starlette

from stalwart_agents.expiry import EXPIRY

from .conftest import Backend, Door, Worker
from .graphs import CHARGE, Effects, inbox_agent, one_question
from .helpers import CONFIG, answer, resume, turn

Client = Callable[[Starlette], httpx.AsyncClient]
HOUR = 3600.0
SKIP_IN_AN_HOUR = {"confirm": {"after": "1h", "answer": "skip"}}
charge_only = functools.partial(one_question, payload=CHARGE)


def expiry_of(pause: dict[str, Any]) -> float:
    return dt.datetime.fromisoformat(pause["expires_at"]).timestamp()


async def test_the_card_shows_when_it_expires_and_its_answer_then(
    local_worker: Worker, client_of: Client
) -> None:
    app = await local_worker(expires=SKIP_IN_AN_HOUR)
    charge, email = (await turn(app))["waiting"]
    assert charge["expiry_answer"] == email["expiry_answer"] == "skip"
    assert abs(expiry_of(charge) - (time.time() + HOUR)) < 60
    listed = (await client_of(app).get("/threads/t-1/interrupts")).json()["interrupts"]
    assert listed == [charge, email]


async def test_a_tools_own_expiry_wins_over_its_kinds(local_worker: Worker) -> None:
    app = await local_worker(
        expires=SKIP_IN_AN_HOUR, tool_expires={"charge_card": {"after": 600, "answer": "skip"}}
    )
    charge, email = (await turn(app))["waiting"]
    assert abs(expiry_of(email) - expiry_of(charge) - (HOUR - 600)) < 2


async def test_without_expires_a_pause_waits_until_someone_answers(local_worker: Worker) -> None:
    charge, _ = (await turn(await local_worker()))["waiting"]
    assert charge["expires_at"] is None and charge["expiry_answer"] is None


async def test_a_pause_that_does_not_take_the_answer_does_not_expire(
    local_worker: Worker,
) -> None:
    strict = {"allow_accept": True, "allow_ignore": False, "allow_respond": False}

    def build(effects: Effects, saver: Any) -> Any:
        return inbox_agent(effects, saver, strict)

    app = await local_worker(build, expires=SKIP_IN_AN_HOUR)
    reply = await app.state.door.invoke(
        {"messages": [{"role": "user", "content": "hi"}]}, CONFIG, context={"customer": "ana"}
    )
    assert reply.waiting[0].expires_at is None


@pytest.mark.parametrize(
    ("expires", "tool_expires", "message"),
    [
        ({"confirm": {"after": "1h", "answer": "approve"}}, None, "never takes 'approve'"),
        ({"saga_stuck": {"after": "1h", "answer": "retry"}}, None, "never takes 'retry'"),
        ({"outcome_unknown": {"after": "1h", "answer": "happened"}}, None, "never takes"),
        ({"ask": {"after": "1h", "answer": "answer"}}, None, "every answer ask pauses take"),
        ({"confirm": {"after": "1h", "answer": "maybe"}}, None, "not 'maybe'"),
        ({"confirm": {"after": "soon", "answer": "skip"}}, None, "not a duration"),
        ({"confirms": {"after": "1h", "answer": "skip"}}, None, "'confirms' is not a pause kind"),
        (None, {"charge_card": {"after": "1h", "answer": "approve"}}, "tool_expires"),
    ],
)
async def test_an_expiry_that_sends_or_means_nothing_is_refused_at_load(
    local_worker: Worker, expires: Any, tool_expires: Any, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        await local_worker(expires=expires, tool_expires=tool_expires)


async def test_a_sweep_gives_each_expired_pause_its_answer_as_expiry(
    worker: Worker, door_of: Door, backend: Backend, effects: Effects
) -> None:
    charge, email = (await turn(await worker(expires=SKIP_IN_AN_HOUR)))["waiting"]
    other = await door_of(expires=SKIP_IN_AN_HOUR)
    assert (await other.sweep(time.time() + HOUR - 60)).expired == []
    swept = await other.sweep(time.time() + HOUR + 1)
    assert sorted(swept.expired) == sorted([charge["id"], email["id"]])
    assert sorted(effects.rows()) == [
        ("charge", repr({"decision": "skip", "value": None})),
        ("email", repr({"decision": "skip", "value": None})),
    ]
    assert backend.claimed_by(charge["id"]) == backend.claimed_by(email["id"]) == EXPIRY
    assert (await other.sweep(time.time() + 2 * HOUR)).expired == []


async def test_a_pause_a_person_answered_is_not_expired(
    worker: Worker, door_of: Door, client_of: Client, effects: Effects
) -> None:
    app = await worker(expires=SKIP_IN_AN_HOUR)
    charge, email = (await turn(app))["waiting"]
    assert (await resume(client_of(app), answer(charge))).status_code == 200
    swept = await (await door_of(expires=SKIP_IN_AN_HOUR)).sweep(time.time() + 2 * HOUR)
    assert swept.expired == [email["id"]]
    assert [node for node, _ in effects.rows()] == ["charge", "email"]


async def test_a_person_racing_the_sweep_gets_409_or_wins_never_both(
    worker: Worker, door_of: Door, client_of: Client, backend: Backend, effects: Effects
) -> None:
    app = await worker(charge_only, expires=SKIP_IN_AN_HOUR)
    client = client_of(app)
    sweeper = await door_of(charge_only, expires=SKIP_IN_AN_HOUR)
    outcomes = {"person": 0, "expiry": 0}
    for race in range(25):
        thread = f"race-{race}"
        pause = (await turn(app, thread))["waiting"][0]
        response, swept = await asyncio.gather(
            resume(client, answer(pause), thread), sweeper.sweep(time.time() + 2 * HOUR)
        )
        expired = pause["id"] in swept.expired
        assert (response.status_code, expired) in {(200, False), (409, True)}, race
        winner = "expiry" if expired else "person"
        outcomes[winner] += 1
        decision = "skip" if expired else "approve"
        assert effects.rows()[-1] == ("ask", repr({"decision": decision, "value": None}))
        assert backend.claimed_by(pause["id"]) == (EXPIRY if expired else None)
    assert len(effects.rows()) == 25


async def test_a_pause_whose_thread_the_graph_dropped_is_let_go_not_retried(
    local_worker: Worker,
) -> None:
    app = await local_worker(expires=SKIP_IN_AN_HOUR)
    await turn(app)
    door = app.state.door
    door.graph.checkpointer.delete_thread("t-1")
    swept = await door.sweep(time.time() + 2 * HOUR)
    assert swept.expired == []
    assert await door.store.due_door_pauses(time.time() + 2 * HOUR) == []
