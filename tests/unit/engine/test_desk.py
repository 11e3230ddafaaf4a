"""The desk around the runs: notifications, the stream, unknown threads, the host's language."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

import pytest
from fixture_ledger import Ledger

from stalwart_agents._generated.models import Interrupt
from stalwart_agents.desk import Desk
from stalwart_agents.errors import InvalidRequest, NotFound
from stalwart_agents.ids import session_handle

from .helpers import CONTEXT, charge, plan


async def test_on_interrupt_is_told_of_each_new_pause(make_desk: Callable[..., Any]) -> None:
    told: list[tuple[str, Interrupt]] = []
    desk = await make_desk(on_interrupt=lambda thread, pause: told.append((thread, pause)))
    reply = await desk.turn("u-17", charge(), context=CONTEXT)
    assert told == [("u-17", reply.waiting[0])]
    assert reply.not_notified == []


async def test_a_failing_notification_never_fails_the_turn_and_is_listed(
    make_desk: Callable[..., Any],
) -> None:
    async def broken(thread: str, pause: Interrupt) -> None:
        raise ConnectionError("the receiver is down")

    desk = await make_desk(on_interrupt=broken)
    reply = await desk.turn("u-17", charge(), context=CONTEXT)
    (missed,) = reply.not_notified
    assert (missed.interrupt_id, missed.error) == (reply.waiting[0].id, "the receiver is down")
    assert len(await desk.store.deliveries(missed.interrupt_id)) == 1


async def test_a_slow_notification_is_given_up_on(make_desk: Callable[..., Any]) -> None:
    async def slow(thread: str, pause: Interrupt) -> None:
        await asyncio.sleep(5)

    desk = await make_desk(on_interrupt=slow, notify_seconds=0.05)
    reply = await desk.turn("u-17", charge(), context=CONTEXT)
    assert reply.not_notified[0].error == "on_interrupt did not finish within 0.05 seconds."


async def test_every_step_of_a_thread_is_in_its_stream_in_order(desk: Desk) -> None:
    await desk.turn("u-17", charge(), context=CONTEXT)
    await desk.answer("u-17", "approve")
    events = await desk.events("u-17")
    assert [e["type"] for e in events] == [
        "turn",
        "plan",
        "check",
        "pause",
        "reply",
        "answer",
        "call",
        "reply",
    ]
    assert [e["id"] for e in events] == list(range(1, 9))
    assert [e["id"] for e in await desk.events("u-17", after=6)] == [7, 8]


async def test_each_check_tells_its_call_in_words_a_read_as_a_statement(desk: Desk) -> None:
    await desk.turn("u-17", plan(("find_order", {"order_id": "4411"})), context=CONTEXT)
    (check,) = [e["data"] for e in await desk.events("u-17") if e["type"] == "check"]
    assert check["call"] == "Find order"


async def test_a_resume_costs_at_most_three_store_round_trips(desk: Desk, ledger: Ledger) -> None:
    pause = (await desk.turn("u-17", charge(), context=CONTEXT)).waiting[0]
    before = desk.store.round_trips
    await desk.resume("u-17", pause.id, "approve", pause.token)
    assert desk.store.round_trips - before <= 3
    assert ledger.count("charge_card") == 1


async def test_an_unknown_thread_is_not_found(desk: Desk) -> None:
    with pytest.raises(NotFound):
        await desk.waiting("nobody")
    with pytest.raises(NotFound):
        await desk.rollback("nobody")


async def test_a_thread_id_that_breaks_the_pattern_is_refused(desk: Desk) -> None:
    with pytest.raises(InvalidRequest, match="is not a thread id"):
        await desk.turn("../etc", charge(), context=CONTEXT)


async def test_a_context_that_is_not_json_is_refused(desk: Desk) -> None:
    with pytest.raises(InvalidRequest, match="plain JSON"):
        await desk.turn("u-17", charge(), context={"card": object()})


async def test_the_host_language_is_seen_by_every_worker(make_desk: Callable[..., Any]) -> None:
    first, second = await make_desk(), await make_desk()
    await first.set_host_language("pt-br")
    assert await second.language() == "pt-BR"
    assert await second.language("en") == "en"


async def test_a_language_the_selector_does_not_read_is_refused(desk: Desk) -> None:
    with pytest.raises(InvalidRequest, match="pt-PT"):
        await desk.set_host_language("pt-PT")


async def test_a_named_run_is_rolled_back_after_a_later_read(desk: Desk, ledger: Ledger) -> None:
    charged = (await desk.turn("u-17", charge(), context=CONTEXT)).run
    await desk.answer("u-17", "approve")
    await desk.turn("u-17", plan(("find_order", {"order_id": "4411"})), context=CONTEXT)
    assert (await desk.rollback("u-17")).undone == []
    assert [entry.tool for entry in (await desk.rollback("u-17", charged)).undone] == [
        "charge_card"
    ]
    assert ledger.count("refund_card") == 1


async def test_a_run_of_another_thread_is_not_rolled_back(desk: Desk, ledger: Ledger) -> None:
    other = (await desk.turn("u-18", charge(), context=CONTEXT)).run
    await desk.answer("u-18", "approve")
    await desk.turn("u-17", charge(), context=CONTEXT)
    with pytest.raises(NotFound, match=other):
        await desk.rollback("u-17", other)
    assert ledger.count("refund_card") == 0


async def test_a_python_answer_is_recorded_as_the_desk_with_the_name_it_gives(
    desk: Desk,
) -> None:
    await desk.turn("u-17", charge(), context=CONTEXT)
    await desk.answer("u-17", "skip", by="ops-bot")
    [decision] = (await desk.decisions("u-17")).decisions
    assert (decision.decision, decision.channel, decision.by, decision.yours) == (
        "skip",
        "desk",
        "ops-bot",
        False,
    )


async def test_an_answer_names_the_session_by_its_handle_never_by_the_session(
    desk: Desk,
) -> None:
    reply = await desk.turn("u-17", charge(), context=CONTEXT)
    pause = reply.waiting[0]
    await desk.resume("u-17", pause.id, "approve", pause.token, session="s-secret")
    listed = (await desk.decisions("u-17", session="s-secret")).decisions
    assert [(d.by, d.yours) for d in listed] == [(session_handle("s-secret"), True)]
    assert "s-secret" not in json.dumps([e["data"] for e in await desk.events("u-17")])
    assert not (await desk.decisions("u-17", session="s-other")).decisions[0].yours


async def test_the_decisions_of_an_unknown_thread_are_not_found(desk: Desk) -> None:
    with pytest.raises(NotFound):
        await desk.decisions("never-seen")
