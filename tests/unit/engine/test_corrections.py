"""A new turn while the run waits is a correction: the run is cancelled as cancel_all would."""

from __future__ import annotations

import pytest
from fixture_ledger import Ledger

from stalwart_agents.desk import Desk
from stalwart_agents.errors import InterruptStale

from .helpers import CONTEXT, charge, plan


async def test_a_new_turn_closes_the_waiting_pause(desk: Desk, ledger: Ledger) -> None:
    old = (await desk.turn("u-17", charge(40), context=CONTEXT)).waiting[0]
    new = (await desk.turn("u-17", charge(45), context=CONTEXT)).waiting[0]
    assert new.run != old.run
    with pytest.raises(InterruptStale):
        await desk.resume("u-17", old.id, "approve", old.token)
    assert [p.id for p in await desk.waiting("u-17")] == [new.id]
    assert ledger.count("charge_card") == 0


async def test_a_correction_undoes_what_the_waiting_run_did(desk: Desk, ledger: Ledger) -> None:
    await desk.turn(
        "u-17",
        plan(
            ("charge_card", {"amount": 10, "order_id": "A"}),
            ("charge_card", {"amount": 20, "order_id": "B"}),
        ),
        context=CONTEXT,
    )
    await desk.answer("u-17", "approve")
    reply = await desk.turn("u-17", charge(45), context=CONTEXT)
    assert [call["args"]["charge_id"] for call in ledger.calls("refund_card")] == ["ch-A"]
    assert reply.rollback is not None and [e.step for e in reply.rollback.undone] == [0]
    assert [p.kind for p in reply.waiting] == ["confirm"]


async def test_a_finished_run_is_not_undone_by_the_next_turn(desk: Desk, ledger: Ledger) -> None:
    await desk.turn("u-17", charge(40), context=CONTEXT)
    await desk.answer("u-17", "approve")
    reply = await desk.turn("u-17", charge(45), context=CONTEXT)
    assert reply.rollback is None
    assert ledger.count("refund_card") == 0
