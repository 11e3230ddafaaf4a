"""Pauses that expire: the sweep gives them their safe answer, by `expiry`, through the same claim
as a person, so a person answering at that moment wins or gets stale, never both."""

from __future__ import annotations

import asyncio
import datetime as dt
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import TypeVar

import pytest
from fixture_ledger import Ledger

from stalwart_agents.config import AgentFile, ExpiresSpec
from stalwart_agents.desk import Desk
from stalwart_agents.errors import InterruptStale
from stalwart_agents.loading import load_agent_file
from stalwart_agents.store import RunStore
from tests.conftest import SHOP

from .helpers import CONTEXT, FakeModel, charge, plan

DAY = 86400.0
T = TypeVar("T")


def expiring(**kinds: ExpiresSpec) -> AgentFile:
    """The shop, its charge_card confirmations expiring after a day with skip, and `kinds`."""
    shop = load_agent_file(SHOP)
    charge_card = shop.tools["charge_card"].model_copy(
        update={"expires": ExpiresSpec(after="24h", answer="skip")}
    )
    return shop.model_copy(
        update={"tools": {**shop.tools, "charge_card": charge_card}, "expires": kinds}
    )


@pytest.fixture
async def workers(
    ledger: Ledger, new_store: Callable[..., RunStore]
) -> AsyncIterator[tuple[Desk, Desk]]:
    """Two desks on one store, as two workers would be, on the expiring shop."""
    agent = expiring(confirm=ExpiresSpec(after="1h", answer="cancel_all"))
    async with Desk(agent, store=new_store()) as first, Desk(agent, store=new_store()) as second:
        yield first, second


async def test_a_confirmation_shows_when_it_expires_and_the_answer_it_takes(
    workers: tuple[Desk, Desk],
) -> None:
    before = time.time()
    reply = await workers[0].turn("u-17", charge(), context=CONTEXT)
    shown = reply.waiting[0]
    assert shown.expires_at is not None and shown.expiry_answer is not None
    assert before + DAY - 1 <= shown.expires_at.timestamp() <= time.time() + DAY
    assert shown.expiry_answer == "skip"
    [listed] = await workers[1].waiting("u-17")
    assert listed.expires_at == shown.expires_at


async def test_a_kinds_expiry_covers_a_tool_without_its_own(workers: tuple[Desk, Desk]) -> None:
    reply = await workers[0].turn("u-17", plan(("cancel_order", {"order_id": "4411"})))
    shown = reply.waiting[0]
    assert shown.expiry_answer is not None and shown.expiry_answer == "cancel_all"


async def test_nothing_is_answered_before_it_expires(
    workers: tuple[Desk, Desk], ledger: Ledger
) -> None:
    await workers[0].turn("u-17", charge(), context=CONTEXT)
    assert await workers[1].expire_due(time.time() + DAY - 60) == []
    assert len(await workers[1].waiting("u-17")) == 1


async def test_an_expired_confirmation_is_skipped_by_expiry_and_the_call_never_runs(
    workers: tuple[Desk, Desk], ledger: Ledger
) -> None:
    reply = await workers[0].turn("u-17", charge(), context=CONTEXT)
    pause = reply.waiting[0].id
    swept = await workers[1].sweep(time.time() + DAY + 1)
    assert swept.expired == [pause]
    assert ledger.count("charge_card") == 0
    answered = await workers[0].store.pause(pause)
    assert answered is not None
    assert (answered["state"], answered["decision"], answered["answered_by"]) == (
        "answered",
        "skip",
        "expiry",
    )
    events = await workers[0].events("u-17")
    [answer] = [e["data"] for e in events if e["type"] == "answer"]
    assert (answer["decision"], answer["by"], answer["channel"]) == ("skip", "expiry", "expiry")
    [decision] = (await workers[1].decisions("u-17")).decisions
    assert (decision.decision, decision.channel, decision.by) == ("skip", "expiry", "expiry")
    assert events[-1]["type"] == "reply"
    assert await workers[0].waiting("u-17") == []
    assert await workers[1].expire_due(time.time() + 2 * DAY) == []


async def test_a_pause_with_no_expiry_waits_for_good(
    make_desk: Callable[..., Desk], ledger: Ledger
) -> None:
    desk = await make_desk()
    await desk.turn("u-17", charge(), context=CONTEXT)
    assert await desk.expire_due(time.time() + 3650 * DAY) == []
    assert len(await desk.waiting("u-17")) == 1


async def test_an_answer_after_expiry_is_stale(workers: tuple[Desk, Desk], ledger: Ledger) -> None:
    await workers[0].turn("u-17", charge(), context=CONTEXT)
    [pause] = await workers[0].store.open_pauses("u-17")
    await workers[1].expire_due(time.time() + DAY + 1)
    with pytest.raises(InterruptStale):
        await workers[0].resume("u-17", pause["id"], "approve", pause["token"])
    assert ledger.count("charge_card") == 0


RACES = 20


async def late(delay: float, answer: Awaitable[T]) -> T:
    """An answer sent `delay` seconds from now, so the races sweep the sweep's whole round trip."""
    await asyncio.sleep(delay)
    return await answer


async def test_a_person_answering_as_it_expires_wins_or_is_stale_never_both(
    workers: tuple[Desk, Desk], ledger: Ledger
) -> None:
    person, sweeper = workers
    later = time.time() + DAY + 1
    for index in range(RACES):
        thread = f"u-{index}"
        await person.turn(thread, charge(order_id=str(5000 + index)), context=CONTEXT)
        [pause] = await person.store.open_pauses(thread)
        answered, expired = await asyncio.gather(
            late(index % 5 / 1000, person.resume(thread, pause["id"], "approve", pause["token"])),
            sweeper.expire_due(later),
            return_exceptions=True,
        )
        ran = [c for c in ledger.calls("charge_card") if c["args"]["order_id"] == str(5000 + index)]
        record = await person.store.pause(pause["id"])
        assert record is not None
        if isinstance(answered, InterruptStale):
            assert expired == [pause["id"]] and ran == []
            assert (record["decision"], record["answered_by"]) == ("skip", "expiry")
        else:
            assert not isinstance(answered, BaseException), answered
            assert pause["id"] not in expired and len(ran) == 1
            assert record["decision"] == "approve"


async def test_an_unread_turn_expires_as_declined(
    ledger: Ledger, new_store: Callable[..., RunStore]
) -> None:
    agent = expiring(delegate=ExpiresSpec(after="10m", answer="decline"))
    async with Desk(agent, store=new_store(), model=FakeModel([])) as desk:
        reply = await desk.turn("u-17", "what's the weather like?")
        shown = reply.waiting[0]
        assert shown.kind == "delegate" and shown.expiry_answer is not None
        assert shown.expires_at is not None
        assert shown.expires_at - dt.datetime.now(dt.UTC) <= dt.timedelta(minutes=10)
        assert await desk.expire_due(time.time() + 601) == [shown.id]
        assert ledger.calls() == []
