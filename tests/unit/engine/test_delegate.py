"""delegate and on_unread: a turn nothing reads goes to a model only with permission."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from fixture_ledger import Ledger

from stalwart_agents.model import ModelError, ModelSettings, provider_for
from stalwart_agents.plan import Call, Value

from .helpers import FakeModel

CHARGE = Call(
    tool="charge_card",
    args={
        "amount": Value(value=40, origin="model"),
        "order_id": Value(value="4411", origin="model"),
    },
)
TEXT = "could you sort out the payment for my last order"


async def test_an_unread_turn_asks_whether_the_model_may_have_it(
    make_desk: Callable[..., Any],
) -> None:
    desk = await make_desk(model=FakeModel([CHARGE]))
    reply = await desk.turn("u-17", TEXT)
    (pause,) = [p for p in reply.waiting]
    assert (pause.kind, pause.text, pause.tool, pause.choices) == (
        "delegate",
        TEXT,
        None,
        ["approve", "decline"],
    )


async def test_approve_hands_the_turn_over_and_its_calls_carry_origin_model(
    make_desk: Callable[..., Any],
) -> None:
    model = FakeModel([CHARGE])
    desk = await make_desk(model=model)
    await desk.turn("u-17", TEXT, context={"card": "visa-0019"})
    reply = await desk.answer("u-17", "approve")
    (confirm,) = [p for p in reply.waiting]
    assert confirm.reasons == ["write", "argument_origin: amount", "argument_origin: order_id"]
    assert {a.origin for a in confirm.arguments if a.name != "card"} == {"model"}
    assert model.seen[0][0] == TEXT and "charge_card" in model.seen[0][1]


async def test_the_model_is_asked_once_however_often_the_run_is_replayed(
    make_desk: Callable[..., Any], ledger: Ledger
) -> None:
    model = FakeModel([CHARGE])
    desk = await make_desk(model=model)
    await desk.turn("u-17", TEXT, context={"card": "visa-0019"})
    await desk.answer("u-17", "approve")
    await desk.answer("u-17", "approve")
    assert len(model.seen) == 1
    assert ledger.count("charge_card") == 1


async def test_decline_says_it_could_not_help_and_nothing_runs(
    make_desk: Callable[..., Any], ledger: Ledger
) -> None:
    model = FakeModel([CHARGE])
    desk = await make_desk(model=model)
    await desk.turn("u-17", TEXT)
    reply = await desk.answer("u-17", "decline")
    assert reply.reply == "I can't help with that."
    assert model.seen == [] and ledger.calls() == []


@pytest.mark.parametrize("agent", [None, "eager"])
async def test_without_a_model_nothing_offers_to_pass_the_turn_on(
    make_desk: Callable[..., Any], agent: str | None
) -> None:
    desk = await make_desk(agent)
    reply = await desk.turn("u-17", TEXT)
    assert (reply.waiting, reply.unread) == ([], True)
    assert reply.reply == "I couldn't work that out, so I did nothing."
    assert "Nothing to do" not in reply.reply


async def test_a_failing_model_ends_the_turn_with_a_sentence(make_desk: Callable[..., Any]) -> None:
    desk = await make_desk(model=FakeModel(ModelError("The provider answered 500.")))
    await desk.turn("u-17", TEXT)
    reply = await desk.answer("u-17", "approve")
    assert (
        reply.reply
        == "The AI provider could not be reached, so I did nothing. Please try again in a moment."
    )
    assert reply.model is not None and reply.model.problem == "unreachable"


async def test_on_unread_refuse_says_so_without_a_pause(make_desk: Callable[..., Any]) -> None:
    desk = await make_desk("strict", model=FakeModel([CHARGE]))
    reply = await desk.turn("u-17", TEXT)
    assert (reply.waiting, reply.reply) == ([], "I couldn't work that out, so I did nothing.")
    assert reply.unread is True


async def test_on_unread_model_hands_the_turn_over_without_asking(
    make_desk: Callable[..., Any],
) -> None:
    model = FakeModel([CHARGE])
    desk = await make_desk("eager", model=model)
    reply = await desk.turn("u-17", TEXT, context={"card": "visa-0019"})
    assert [p.kind for p in reply.waiting] == ["confirm"]
    assert len(model.seen) == 1


async def test_the_card_names_the_model_that_would_read_the_turn(
    make_desk: Callable[..., Any],
) -> None:
    settings = ModelSettings(provider="openai", model="gpt-4o-mini", api_key_env="DELEGATE_KEY")
    desk = await make_desk(model=provider_for(settings, "sk-not-used"))
    reply = await desk.turn("u-17", TEXT)
    (pause,) = reply.waiting
    assert pause.reader is not None
    assert pause.reader.model_dump() == {
        "provider": "OpenAI",
        "model": "gpt-4o-mini",
        "local": False,
    }
