"""A tool's facts: read before its pause, kept with it, and its preconditions tried on them."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest

from stalwart_agents import NotFound
from stalwart_agents.desk import Desk
from stalwart_agents.store import RunStore

from .helpers import plan

# The tools below are this module's functions, so the file names the module they are in.
AGENT = """\
agents:
  - name: shop
tools:
  find_order:
    function: {module}:find_order
    title: {{en: Look up the order, pt-BR: Consultar o pedido}}
    timeout: 5
    arguments:
      order_id: {{type: string}}
    result:
      total: {{label: {{en: Total, pt-BR: Total}}, currency: USD}}
      status:
        label: {{en: Status, pt-BR: Situação}}
        values: {{unpaid: {{en: unpaid, pt-BR: em aberto}}, paid: {{en: paid, pt-BR: pago}}}}
  charge_card:
    function: {module}:charge_card
    write: true
    timeout: 0.2
    currency: USD
    arguments:
      amount: {{type: number}}
      order_id: {{type: string}}
    facts:
      tool: find_order
      args: {{order_id: call.order_id}}
      matches: {{amount: total}}
    preconditions:
      - id: order_exists
        holds: facts is not None
        ask: order_id
        sentence: {{en: I can't find that order., pt-BR: Não encontrei esse pedido.}}
      - id: order_unpaid
        holds: facts.status == "unpaid"
        disclose: true
        sentence: {{en: That order is paid., pt-BR: Esse pedido está pago.}}
"""

ORDERS = {
    "4411": {"total": "40.00", "status": "unpaid"},
    "4412": {"total": "25.50", "status": "paid"},
}


class NoOrder(NotFound):
    """The read's own sentence: it found nothing."""


async def find_order(order_id: str) -> dict[str, Any] | None:
    if order_id == "slow":
        await asyncio.sleep(5)
    if order_id == "broken":
        raise KeyError(order_id)
    if order_id == "locked":
        raise sqlite3.OperationalError("database is locked")
    if order_id == "none":
        return None
    if order_id not in ORDERS:
        raise NoOrder(f"There is no order {order_id}.")
    return {"order_id": order_id, **ORDERS[order_id]}


def charge_card(amount: float, order_id: str) -> dict[str, str]:
    return {"charge_id": f"ch-{order_id}"}


@pytest.fixture
def agent(tmp_path: Path) -> Path:
    path = tmp_path / "agent.yaml"
    path.write_text(AGENT.format(module=__name__), encoding="utf-8")
    return path


@pytest.fixture
async def desk(agent: Path, new_store: Callable[..., RunStore]) -> AsyncIterator[Desk]:
    async with Desk(agent, store=new_store()) as opened:
        yield opened


def charge(amount: Any, order_id: str) -> Any:
    return plan(("charge_card", {"amount": amount, "order_id": order_id}))


def facts_of(pause: Any) -> list[tuple[str, str, str | None]]:
    shown = pause.model_dump(mode="json")
    return [(fact["label"], fact["shown"], fact.get("differs")) for fact in shown["facts"]]


async def test_the_facts_show_on_the_pause_labelled_and_as_money(desk: Desk) -> None:
    reply = await desk.turn("t-1", charge(40, "4411"))
    (pause,) = reply.waiting
    assert facts_of(pause) == [("Total", "$40.00", None), ("Status", "unpaid", None)]


async def test_they_read_in_the_run_s_language(desk: Desk) -> None:
    reply = await desk.turn("t-1", charge(40, "4411"), language="pt-BR")
    (pause,) = reply.waiting
    assert facts_of(pause) == [("Total", "US$\xa040,00", None), ("Situação", "em aberto", None)]


async def test_an_amount_other_than_the_total_is_marked(desk: Desk) -> None:
    reply = await desk.turn("t-1", charge(25, "4411"))
    (pause,) = reply.waiting
    assert facts_of(pause)[0] == ("Total", "$40.00", "amount")


async def test_another_worker_shows_the_same_facts_without_reading_again(
    agent: Path, desk: Desk, new_store: Callable[..., RunStore], monkeypatch: pytest.MonkeyPatch
) -> None:
    reply = await desk.turn("t-1", charge(40, "4411"))
    monkeypatch.setitem(ORDERS, "4411", {"total": "40.00", "status": "paid"})
    async with Desk(agent, store=new_store()) as other:
        (pause,) = await other.waiting("t-1")
    assert facts_of(pause) == facts_of(reply.waiting[0])


async def test_a_failing_precondition_refuses_before_any_pause(desk: Desk) -> None:
    reply = await desk.turn("t-1", charge(25.5, "4412"))
    assert reply.waiting == []
    assert reply.refusal is not None
    assert (reply.refusal.rule, reply.refusal.sentence) == ("order_unpaid", "That order is paid.")


async def test_a_read_that_finds_nothing_asks_for_the_argument_again(desk: Desk) -> None:
    reply = await desk.turn("t-1", charge(40, "abc"))
    (pause,) = reply.waiting
    shown = pause.model_dump(mode="json")
    assert (shown["kind"], shown["argument"]) == ("ask", "order_id")
    assert shown["question"].startswith("I can't find that order. ")

    answered = await desk.answer("t-1", "answer", "4411")

    (card,) = answered.waiting
    assert facts_of(card)[1] == ("Status", "unpaid", None)


async def test_a_read_that_returns_none_found_nothing(desk: Desk) -> None:
    reply = await desk.turn("t-1", charge(40, "none"))
    (pause,) = reply.waiting
    shown = pause.model_dump(mode="json")
    assert (shown["kind"], shown["argument"]) == ("ask", "order_id")


@pytest.mark.parametrize("order_id", ["slow", "broken", "locked"])
async def test_a_read_that_times_out_or_fails_leaves_a_note_and_the_call_waits(
    desk: Desk, order_id: str
) -> None:
    reply = await desk.turn("t-1", charge(40, order_id))
    (pause,) = reply.waiting
    shown = pause.model_dump(mode="json")
    assert (shown["kind"], shown["facts"]) == ("confirm", [])
    assert shown["facts_note"] == (
        "Couldn't look up the order just now, so check it yourself before deciding."
    )


async def test_the_note_of_an_unread_card_is_a_sentence_in_pt_br(desk: Desk) -> None:
    reply = await desk.turn("t-1", charge(40, "locked"), language="pt-BR")
    (pause,) = reply.waiting
    assert pause.model_dump(mode="json")["facts_note"] == (
        "Não foi possível consultar o pedido agora; confira por conta própria antes de decidir."
    )
