"""Two calls that wait at once wait in the order they were asked for, live and after a reload,
whichever of them was ready first."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest

from stalwart_agents.desk import Desk
from stalwart_agents.engine import Run, Turn
from stalwart_agents.store import RunStore

from .helpers import plan

# Its step makes both calls at once; the charge reads its order first, so its pause is made
# after the e-mail's.
AGENT = """\
agents:
  - name: shop
    steps: {module}:both_at_once
tools:
  find_order:
    function: {module}:find_order
    arguments:
      order_id: {{type: string}}
  charge_card:
    function: {module}:charge_card
    write: true
    arguments:
      amount: {{type: number}}
      order_id: {{type: string}}
    facts:
      tool: find_order
      args: {{order_id: call.order_id}}
  send_email:
    function: {module}:send_email
    write: true
    arguments:
      to: {{type: string}}
"""


async def both_at_once(run: Run, turn: Turn) -> None:
    await run.gather(*(run.call(call.tool, **call.args) for call in turn.plan.calls))


async def find_order(order_id: str) -> dict[str, Any]:
    await asyncio.sleep(0.2)
    return {"order_id": order_id, "total": "40.00"}


def charge_card(amount: float, order_id: str) -> dict[str, str]:
    return {"charge_id": f"ch-{order_id}"}


def send_email(to: str) -> dict[str, str]:
    return {"sent": to}


@pytest.fixture
async def desk(tmp_path: Path, new_store: Callable[..., RunStore]) -> AsyncIterator[Desk]:
    path = tmp_path / "agent.yaml"
    path.write_text(AGENT.format(module=__name__), encoding="utf-8")
    async with Desk(path, store=new_store()) as opened:
        yield opened


async def test_two_waiting_calls_wait_in_the_order_asked_live_and_after_a_reload(
    desk: Desk,
) -> None:
    both = plan(
        ("charge_card", {"amount": 40, "order_id": "4411"}),
        ("send_email", {"to": "maria@example.com"}),
    )

    reply = await desk.turn("t-1", both)

    live = [pause.tool for pause in reply.waiting]
    again = [pause.tool for pause in await desk.waiting("t-1")]
    assert live == again == ["charge_card", "send_email"]
