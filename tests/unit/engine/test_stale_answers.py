"""Answers that can change nothing are interrupt_stale, and change nothing."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import pytest
from fixture_ledger import Ledger

from stalwart_agents.desk import Desk
from stalwart_agents.errors import InterruptStale, InvalidAnswer, NotFound

from .helpers import CONTEXT, charge


async def test_a_second_answer_to_the_same_pause_is_stale(desk: Desk, ledger: Ledger) -> None:
    pause = (await desk.turn("u-17", charge(), context=CONTEXT)).waiting[0]
    await desk.resume("u-17", pause.id, "approve", pause.token)
    # The store's state check refuses it; the claims table's guard would say "claimed it first".
    with pytest.raises(InterruptStale, match="it is answered already"):
        await desk.resume("u-17", pause.id, "approve", pause.token)
    assert ledger.count("charge_card") == 1


async def test_a_wrong_token_is_stale_and_leaves_the_pause_open(desk: Desk, ledger: Ledger) -> None:
    pause = (await desk.turn("u-17", charge(), context=CONTEXT)).waiting[0]
    with pytest.raises(InterruptStale, match="token"):
        await desk.resume("u-17", pause.id, "approve", "0" * 64)
    assert [p.id for p in await desk.waiting("u-17")] == [pause.id]
    assert ledger.count("charge_card") == 0


async def test_an_unknown_pause_is_stale(desk: Desk) -> None:
    await desk.turn("u-17", charge(), context=CONTEXT)
    with pytest.raises(InterruptStale):
        await desk.resume("u-17", "no-such-pause", "approve", "token")


async def test_a_pause_of_another_thread_is_stale(desk: Desk, ledger: Ledger) -> None:
    pause = (await desk.turn("u-17", charge(), context=CONTEXT)).waiting[0]
    await desk.turn("u-18", charge(), context=CONTEXT)
    with pytest.raises(InterruptStale):
        await desk.resume("u-18", pause.id, "approve", pause.token)
    assert ledger.count("charge_card") == 0


async def test_an_answer_in_an_unknown_thread_is_not_found(desk: Desk) -> None:
    with pytest.raises(NotFound):
        await desk.resume("nobody", "no-such-pause", "approve", "token")


async def test_a_decision_the_kind_does_not_take_is_refused_and_the_pause_stays_open(
    desk: Desk, ledger: Ledger
) -> None:
    pause = (await desk.turn("u-17", charge(), context=CONTEXT)).waiting[0]
    with pytest.raises(InvalidAnswer, match="approve, skip, cancel_all"):
        await desk.resume("u-17", pause.id, "happened", pause.token)
    assert [p.id for p in await desk.waiting("u-17")] == [pause.id]


async def test_two_answers_at_once_on_two_workers_have_one_winner(
    make_desk: Callable[..., Any], ledger: Ledger
) -> None:
    first, second = await make_desk(), await make_desk()
    pause = (await first.turn("u-17", charge(), context=CONTEXT)).waiting[0]
    outcomes = await asyncio.gather(
        first.resume("u-17", pause.id, "approve", pause.token),
        second.resume("u-17", pause.id, "approve", pause.token),
        return_exceptions=True,
    )
    assert sorted(type(outcome).__name__ for outcome in outcomes) == ["InterruptStale", "TurnReply"]
    assert ledger.count("charge_card") == 1


async def test_an_answer_on_another_worker_resumes_the_run(
    make_desk: Callable[..., Any], ledger: Ledger
) -> None:
    first, second = await make_desk(), await make_desk()
    pause = (await first.turn("u-17", charge(), context=CONTEXT)).waiting[0]
    reply = await second.resume("u-17", pause.id, "approve", pause.token)
    assert "ch-4411" in reply.reply
    assert ledger.count("charge_card") == 1


async def test_arguments_changed_after_the_pause_ask_again_and_the_approval_runs_nothing(
    make_desk: Callable[..., Any], ledger: Ledger
) -> None:
    desk = await make_desk("drifting")
    ledger.set_world("price", 10)
    shown = (await desk.turn("u-17", "charge it", context=CONTEXT)).waiting[0]
    ledger.set_world("price", 99)
    reply = await desk.resume("u-17", shown.id, "approve", shown.token)
    (again,) = [pause for pause in reply.waiting]
    assert again.id != shown.id and again.token != shown.token
    assert again.arguments[0].value == 99
    assert ledger.count("charge_card") == 0
    await desk.resume("u-17", again.id, "approve", again.token)
    assert [call["args"]["amount"] for call in ledger.calls("charge_card")] == [99]


async def test_a_stale_answer_names_the_pause_it_was_for(desk: Desk) -> None:
    pause = (await desk.turn("u-17", charge(), context=CONTEXT)).waiting[0]
    await desk.resume("u-17", pause.id, "approve", pause.token)
    with pytest.raises(InterruptStale, match=f"The pause '{pause.id}' cannot take this answer"):
        await desk.answer("u-17", "approve", pause=pause.id)


async def test_an_answer_when_nothing_waits_says_so_without_an_empty_id(desk: Desk) -> None:
    pause = (await desk.turn("u-17", charge(), context=CONTEXT)).waiting[0]
    await desk.resume("u-17", pause.id, "approve", pause.token)
    with pytest.raises(InterruptStale) as stale:
        await desk.answer("u-17", "approve")
    assert str(stale.value) == "No pause can take this answer: nothing waits in thread 'u-17'"
    assert stale.value.interrupt_id is None


async def test_an_answer_no_pause_takes_lists_what_each_pause_takes(desk: Desk) -> None:
    pause = (await desk.turn("u-17", charge(), context=CONTEXT)).waiting[0]
    with pytest.raises(InvalidAnswer) as invalid:
        await desk.answer("u-17", "retry")
    assert str(invalid.value) == (
        f"Nothing waiting in thread 'u-17' takes 'retry': "
        f"the confirm pause '{pause.id}' takes approve, skip, cancel_all."
    )
