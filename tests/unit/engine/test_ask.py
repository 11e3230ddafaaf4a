"""ask: a missing or unreadable argument, or a tool's own question; the answer's origin is reply."""

from __future__ import annotations

import pytest
from fixture_ledger import Ledger

from stalwart_agents.desk import Desk
from stalwart_agents.errors import InvalidAnswer

from .helpers import CONTEXT, charge, plan

SHIP = ("ship_order", {"order_id": "4411", "express": True})


async def test_a_missing_argument_asks_for_it_with_its_type(desk: Desk) -> None:
    reply = await desk.turn("u-17", plan(SHIP), context=CONTEXT)
    (pause,) = [p for p in reply.waiting]
    assert (pause.kind, pause.argument, pause.type, pause.question) == (
        "ask",
        "when",
        "date",
        "When should it ship?",
    )


async def test_the_answer_fills_the_argument_with_origin_reply_and_the_call_is_checked(
    desk: Desk, ledger: Ledger
) -> None:
    await desk.turn("u-17", plan(SHIP), context=CONTEXT)
    reply = await desk.answer("u-17", "answer", "2026-03-01")
    (confirm,) = [p for p in reply.waiting]
    assert confirm.kind == "confirm"
    assert {a.name: (a.value, a.origin) for a in confirm.arguments}["when"] == (
        "2026-03-01",
        "reply",
    )
    await desk.answer("u-17", "approve")
    assert ledger.calls("ship_order")[0]["args"]["when"] == "2026-03-01"


async def test_a_value_of_the_wrong_type_is_refused_and_the_question_stays_open(
    desk: Desk, ledger: Ledger
) -> None:
    asked = (await desk.turn("u-17", plan(SHIP), context=CONTEXT)).waiting[0]
    with pytest.raises(InvalidAnswer, match="is not a date"):
        await desk.resume("u-17", asked.id, "answer", asked.token, value="next week-ish")
    assert [p.id for p in await desk.waiting("u-17")] == [asked.id]
    reply = await desk.resume("u-17", asked.id, "answer", asked.token, value="2026-03-01")
    assert reply.waiting[0].kind == "confirm"


async def test_an_answer_needs_a_value(desk: Desk) -> None:
    asked = (await desk.turn("u-17", plan(SHIP), context=CONTEXT)).waiting[0]
    with pytest.raises(InvalidAnswer, match="needs an answer"):
        await desk.resume("u-17", asked.id, "answer", asked.token)


async def test_a_typed_value_that_does_not_read_as_its_type_is_asked_again(desk: Desk) -> None:
    reply = await desk.turn(
        "u-17",
        plan(("ship_order", {"order_id": "4411", "when": "soon", "express": True})),
        context=CONTEXT,
    )
    (pause,) = [p for p in reply.waiting]
    assert (pause.kind, pause.argument) == ("ask", "when")
    assert pause.question.startswith("'soon' is not a date.")


async def test_what_was_wrong_with_a_typed_value_is_said_in_the_runs_language(desk: Desk) -> None:
    reply = await desk.turn(
        "u-17",
        plan(("ship_order", {"order_id": "4411", "when": "logo", "express": True})),
        context=CONTEXT,
        language="pt-BR",
    )
    (pause,) = list(reply.waiting)
    assert pause.question.startswith("'logo' não é uma data.")


async def test_a_tool_may_ask_a_question_and_runs_again_with_the_answer(
    desk: Desk, ledger: Ledger
) -> None:
    ledger.misbehave("ship_order", "ask")
    await desk.turn(
        "u-17",
        plan(("ship_order", {"order_id": "4411", "when": "2026-03-01", "express": False})),
        context=CONTEXT,
    )
    asked = (await desk.answer("u-17", "approve")).waiting[0]
    assert (asked.kind, asked.argument, asked.question) == (
        "ask",
        "note",
        "What note should go with it?",
    )
    confirm = (await desk.answer("u-17", "answer", "fragile")).waiting[0]
    await desk.resume("u-17", confirm.id, "approve", confirm.token)
    assert [call["args"]["note"] for call in ledger.calls("ship_order")] == [None, "fragile"]


async def test_a_planned_number_past_the_range_is_asked_for_with_the_range_in_words(
    desk: Desk,
) -> None:
    reply = await desk.turn("u-17", charge(amount=10**30), context=CONTEXT, language="pt-BR")

    (pause,) = reply.waiting
    assert (pause.kind, pause.argument) == ("ask", "amount")
    assert pause.question.startswith(
        f"{10**30} está fora do intervalo: informe um número de -9007 trilhões a 9007 trilhões."
    )
