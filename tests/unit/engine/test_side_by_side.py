"""Team-written steps run calls side by side; the run waits on several pauses, each by id."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fixture_ledger import Ledger

from .helpers import CONTEXT


async def test_two_calls_side_by_side_wait_at_once(make_desk: Callable[..., Any]) -> None:
    desk = await make_desk("parallel")
    reply = await desk.turn("u-17", "x", context=CONTEXT)
    assert [(p.kind, p.step) for p in reply.waiting] == [("confirm", 0), ("confirm", 1)]


async def test_answering_one_leaves_the_other_open(
    make_desk: Callable[..., Any], ledger: Ledger
) -> None:
    desk = await make_desk("parallel")
    first, second = [p for p in (await desk.turn("u-17", "x", context=CONTEXT)).waiting]
    reply = await desk.resume("u-17", second.id, "approve", second.token)
    assert [p.id for p in reply.waiting] == [first.id]
    assert [call["args"]["order_id"] for call in ledger.calls("charge_card")] == ["xB"]


async def test_replay_never_runs_a_completed_call_again(
    make_desk: Callable[..., Any], ledger: Ledger
) -> None:
    desk = await make_desk("parallel")
    first, second = [p for p in (await desk.turn("u-17", "x", context=CONTEXT)).waiting]
    await desk.resume("u-17", second.id, "approve", second.token)
    reply = await desk.resume("u-17", first.id, "approve", first.token)
    assert reply.reply == (
        "Done: Charge card (Charge id: ch-xA; Amount: 10). Charged ch-xA and ch-xB."
    )
    assert sorted(call["args"]["order_id"] for call in ledger.calls("charge_card")) == ["xA", "xB"]


async def test_the_python_path_answers_by_id(make_desk: Callable[..., Any], ledger: Ledger) -> None:
    desk = await make_desk("parallel")
    first, _ = [p for p in (await desk.turn("u-17", "x", context=CONTEXT)).waiting]
    await desk.answer("u-17", "approve", pause=first.id)
    assert [call["args"]["order_id"] for call in ledger.calls("charge_card")] == ["xA"]


async def test_a_step_that_raises_fails_the_run_and_undoes_it(
    make_desk: Callable[..., Any], ledger: Ledger
) -> None:
    desk = await make_desk("buggy")
    reply = await desk.turn("u-17", "x", context=CONTEXT)
    assert "step did not work: the step has a bug" in reply.reply
    assert ledger.count("find_order") == 1
