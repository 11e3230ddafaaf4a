"""check_answer: one check of an answer against the pause it names, before any claim."""

from __future__ import annotations

import pytest

from stalwart_agents.answer_check import Answer, check_answer
from stalwart_agents.desk import Desk
from stalwart_agents.errors import InterruptStale, InvalidAnswer

from .helpers import CONTEXT, charge, plan

SHIP = ("ship_order", {"order_id": "4411", "express": True})


async def test_an_asks_answer_comes_back_as_its_type(desk: Desk) -> None:
    (ask,) = (await desk.turn("u-17", plan(SHIP), context=CONTEXT)).waiting
    assert str(check_answer(ask, Answer("answer", "2026-03-01"))) == "2026-03-01"
    with pytest.raises(InvalidAnswer):
        check_answer(ask, Answer("answer", "not a date"))


async def test_a_decision_the_pause_does_not_take_is_refused(desk: Desk) -> None:
    (confirm,) = (await desk.turn("u-17", charge(), context=CONTEXT)).waiting
    with pytest.raises(InvalidAnswer, match="takes approve, skip, cancel_all"):
        check_answer(confirm, Answer("answer", "yes"))
    with pytest.raises(InvalidAnswer, match="is not an answer"):
        check_answer(None, Answer("maybe"))


async def test_an_answer_naming_another_kind_is_stale(desk: Desk) -> None:
    (confirm,) = (await desk.turn("u-17", charge(), context=CONTEXT)).waiting
    with pytest.raises(InterruptStale):
        check_answer(confirm, Answer("answer", "yes", kind="ask"))
    assert check_answer(None, Answer("approve", kind="ask")) is None
