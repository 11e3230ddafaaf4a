"""A charge's facts read on a real MCP server: an order it has shows on the card, `null` is
"not found" and the preconditions refuse or ask again, and an error result is an unread card."""

from __future__ import annotations

import shutil
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest

from stalwart_agents.config import AgentFile
from stalwart_agents.desk import Desk
from stalwart_agents.loading import load_agent_file
from stalwart_agents.store import RunStore
from tests.unit.engine.helpers import plan

AGENT = """\
agents:
  - name: shop
servers:
  orders:
    command: [python, orders_server.py]
tools:
  find_order:
    server: orders
    result:
      total: {{label: Total, currency: USD}}
      status: {{label: Status}}
  charge_card:
    function: {module}:charge_card
    write: true
    currency: USD
    arguments:
      amount: {{type: number}}
      order_id: {{type: string}}
    facts:
      tool: find_order
      server: orders
      args: {{order_id: call.order_id}}
    preconditions:
      - id: order_exists
        holds: facts is not None
        ask: order_id
        sentence: I can't find that order.
"""


def charge_card(amount: float, order_id: str) -> dict[str, str]:
    return {"charge_id": f"ch-{order_id}"}


@pytest.fixture(scope="module")
def agent_file(tmp_path_factory: pytest.TempPathFactory) -> AgentFile:
    """The agent file beside its server, read once: its server started once to list its tools."""
    folder = tmp_path_factory.mktemp("orders")
    shutil.copy(Path(__file__).with_name("orders_server.py"), folder / "orders_server.py")
    path = folder / "agent.yaml"
    path.write_text(AGENT.format(module=__name__), encoding="utf-8")
    return load_agent_file(path)


@pytest.fixture
async def desk(agent_file: AgentFile, new_store: Callable[..., RunStore]) -> AsyncIterator[Desk]:
    async with Desk(agent_file, store=new_store()) as opened:
        yield opened


async def waiting_for(desk: Desk, order_id: str) -> dict[str, Any]:
    reply = await desk.turn("t-1", plan(("charge_card", {"amount": 40, "order_id": order_id})))
    (pause,) = reply.waiting
    shown: dict[str, Any] = pause.model_dump(mode="json")
    return shown


async def test_an_order_the_server_has_shows_its_facts_on_the_card(desk: Desk) -> None:
    shown = await waiting_for(desk, "4411")
    facts = [(fact["label"], fact["shown"]) for fact in shown["facts"]]
    assert (shown["kind"], facts) == ("confirm", [("Total", "$40.00"), ("Status", "unpaid")])


async def test_a_null_answer_is_not_found_and_the_order_is_asked_again(desk: Desk) -> None:
    shown = await waiting_for(desk, "abc")
    assert (shown["kind"], shown["argument"]) == ("ask", "order_id")
    assert shown["question"].startswith("I can't find that order. ")


async def test_an_error_result_is_an_unread_read_and_the_call_still_waits(desk: Desk) -> None:
    shown = await waiting_for(desk, "shut")
    assert (shown["kind"], shown["facts"]) == ("confirm", [])
    assert shown["facts_note"] == (
        "Couldn't look up the order just now, so check it yourself before deciding."
    )
