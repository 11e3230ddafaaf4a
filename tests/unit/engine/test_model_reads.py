"""Reads, then writes: the model's reads run unasked, their results go back to it in each
provider's wire shape, and the loop stops at the first call that needs a person."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

from fixture_ledger import Ledger

from tests.fake_provider import Calls, FakeProvider, Words, _server, provider_server
from tests.unit.engine.test_model_turns import TEXT, kind, model_at

__all__ = ["_server", "kind", "provider_server"]

LOOK_UP = Calls(("order_total", {"order_id": "4411"}))
CHARGE = Calls(("charge_card", {"amount": 40.0, "order_id": "4411"}))


async def delegated(make_desk: Callable[..., Any], model: Any) -> Any:
    """The reply once the person lets the model read an unread turn."""
    desk = await make_desk(model=model)
    await desk.turn("u-9", TEXT, context={"card": "visa-0019"})
    return desk, await desk.answer("u-9", "approve")


async def test_a_look_up_then_a_charge_reaches_the_card_with_the_amount_it_read(
    make_desk: Callable[..., Any], provider_server: FakeProvider, kind: str, ledger: Ledger
) -> None:
    provider_server.then(LOOK_UP, CHARGE)

    _, reply = await delegated(make_desk, model_at(kind, provider_server.base))

    [confirm] = reply.waiting
    assert (confirm.kind, confirm.tool) == ("confirm", "charge_card")
    amounts = [(a.value, a.origin) for a in confirm.arguments if a.name == "amount"]
    assert amounts == [(40.0, "model")]
    assert [call["args"] for call in ledger.calls("find_order")] == [{"order_id": "4411"}]
    assert len(provider_server.models()) == 2


async def test_the_read_runs_once_and_the_model_is_asked_once_a_step_across_a_replay(
    make_desk: Callable[..., Any], provider_server: FakeProvider, kind: str, ledger: Ledger
) -> None:
    provider_server.then(LOOK_UP, CHARGE)
    await delegated(make_desk, model_at(kind, provider_server.base))

    other = await make_desk(model=model_at(kind, provider_server.base))
    done = await other.answer("u-9", "approve")

    assert done.waiting == []
    assert (ledger.count("find_order"), ledger.count("charge_card")) == (1, 1)
    assert len(provider_server.models()) == 2


async def test_a_read_a_rule_refuses_stops_the_loop_with_its_refusal(
    make_desk: Callable[..., Any], provider_server: FakeProvider, kind: str, ledger: Ledger
) -> None:
    provider_server.then(Calls(("order_total", {"order_id": "archived"})), CHARGE)

    _, reply = await delegated(make_desk, model_at(kind, provider_server.base))

    assert reply.refusal is not None
    assert (reply.refusal.rule, reply.refusal.sentence) == (
        "no-archive",
        "Archived orders are not looked up here.",
    )
    assert reply.waiting == [] and ledger.calls() == []
    assert len(provider_server.models()) == 1


async def test_a_model_that_keeps_reading_stops_at_the_step_limit(
    make_desk: Callable[..., Any], provider_server: FakeProvider, kind: str, ledger: Ledger
) -> None:
    provider_server.then(*[LOOK_UP] * 6)

    _, reply = await delegated(make_desk, model_at(kind, provider_server.base))

    assert reply.model.problem == "too_many_steps"
    # It looked things up, and never asked back: the sentence says what it did too often.
    assert "look-ups" in reply.reply and "asking back" not in reply.reply
    assert reply.waiting == []
    assert len(provider_server.models()) == 4 and ledger.count("find_order") == 4


async def test_after_the_reads_the_models_words_are_the_reply(
    make_desk: Callable[..., Any], provider_server: FakeProvider, kind: str
) -> None:
    provider_server.then(LOOK_UP, Words("Order 4411 is unpaid: 40.00."))

    _, reply = await delegated(make_desk, model_at(kind, provider_server.base))

    assert reply.reply.endswith("Order 4411 is unpaid: 40.00.") and reply.waiting == []
    assert reply.model.wrote_reply is True


async def test_the_models_read_shows_as_a_labelled_table_never_as_raw_json(
    make_desk: Callable[..., Any], provider_server: FakeProvider, kind: str
) -> None:
    provider_server.then(LOOK_UP, Words("Order 4411 is unpaid."))

    _, reply = await delegated(make_desk, model_at(kind, provider_server.base))

    [table] = reply.model_dump(mode="json")["results"]
    [rows] = table["items"]
    assert {row["name"]: row["shown"] for row in rows}["order_id"] == "4411"
    assert all(row["label"] for row in rows)
    assert "{" not in reply.reply and '"order_id"' not in reply.reply


async def test_a_reads_result_goes_back_in_the_providers_wire_shape(
    make_desk: Callable[..., Any], provider_server: FakeProvider, kind: str
) -> None:
    provider_server.then(LOOK_UP, CHARGE)

    await delegated(make_desk, model_at(kind, provider_server.base))

    first, second = [asked.body for asked in provider_server.models()]
    conversation = second["messages"][len(first["messages"]) :]
    result = {"order_id": "4411", "status": "unpaid", "total": 40.0}
    if kind == "openai":
        [call] = conversation[0]["tool_calls"]
        assert (conversation[0]["role"], call["function"]["name"]) == ("assistant", "order_total")
        assert json.loads(call["function"]["arguments"]) == {"order_id": "4411"}
        assert conversation[1]["role"] == "tool"
        assert conversation[1]["tool_call_id"] == call["id"] == "call_0"
        assert json.loads(conversation[1]["content"]) == result
    else:
        [use] = conversation[0]["content"]
        assert (use["type"], use["name"], use["input"]) == (
            "tool_use",
            "order_total",
            {"order_id": "4411"},
        )
        [fed] = conversation[1]["content"]
        assert (conversation[1]["role"], fed["type"], fed["tool_use_id"]) == (
            "user",
            "tool_result",
            use["id"],
        )
        assert json.loads(fed["content"]) == result
    assert len(conversation) == 2


async def test_a_worker_that_dies_mid_loop_leaves_the_read_done_and_the_first_answer_kept(
    make_desk: Callable[..., Any], provider_server: FakeProvider, ledger: Ledger
) -> None:
    provider_server.then(LOOK_UP, CHARGE)
    ledger.misbehave("find_order", "sleep", seconds=0.5)
    first = await make_desk(model=model_at("openai", provider_server.base, timeout=30))
    await first.turn("u-9", TEXT, context={"card": "visa-0019"})
    dying = asyncio.create_task(first.answer("u-9", "approve"))
    while ledger.count("find_order") == 0:
        await asyncio.sleep(0.01)
    provider_server.delay = 30
    while len(provider_server.models()) < 2:
        await asyncio.sleep(0.01)
    dying.cancel()
    await asyncio.gather(dying, return_exceptions=True)
    provider_server.delay = 0
    provider_server.then(CHARGE)
    await asyncio.sleep(2.2)

    second = await make_desk(model=model_at("openai", provider_server.base))
    assert await second.recover()

    [confirm] = await second.waiting("u-9")
    assert confirm.tool == "charge_card"
    assert ledger.count("find_order") == 1
    first_request, _, again = [asked.body for asked in provider_server.models()]
    assert len(again["messages"]) == len(first_request["messages"]) + 2
