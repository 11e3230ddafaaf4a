"""A Python tool and an MCP tool with the same facts go through the same pause-and-answer contract.

The Python side imports the very functions the ledger server serves; its facts are written in
the agent file, the MCP side's come from the server's annotations. Only the reasons' sentences
differ by design: an MCP tool's name the hint behind them.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from stalwart_agents.desk import Desk
from stalwart_agents.errors import InterruptStale

from .conftest import Ledger
from .test_ledger import MakeDesk, plan_of

PYTHON_TOOLS = """\
  balance:
    function: ledger_server:balance
    title: Account balance
    currency: USD
    arguments: {account: {}}
  read_memo:
    function: ledger_server:read_memo
    title: Read the memo
    untrusted: true
    arguments: {account: {}}
  statement:
    function: ledger_server:statement
    title: Account statement
    arguments: {account: {}}
  transfer:
    function: ledger_server:transfer
    title: Transfer money
    currency: USD
    write: true
    idempotent: true
    arguments: {source: {}, target: {}, amount: {type: number}}
  close_account:
    function: ledger_server:close_account
    title: Close an account
    write: true
    irreversible: true
    arguments: {account: {}}
"""


def _seen(pause: Any) -> dict[str, Any]:
    """What the contract fixes about a pause: everything but its id, token and sentences."""
    shown = pause.model_dump(mode="json")
    for varying in ("id", "thread", "token", "why", "created_at", "run", "expires_at"):
        shown.pop(varying, None)
    return shown


async def _transcript(desk: Desk, thread: str) -> list[Any]:
    seen: list[Any] = []
    reply = await desk.turn(thread, plan_of("balance"))
    seen.append((reply.reply, reply.waiting))
    (pause,) = (await desk.turn(thread, plan_of("transfer"))).waiting
    seen.append(_seen(pause))
    with pytest.raises(InterruptStale):
        await desk.resume(thread, pause.id, "approve", "not-the-token")
    seen.append([_seen(p) for p in await desk.waiting(thread)])
    reply = await desk.resume(thread, pause.id, "approve", pause.token)
    seen.append((reply.reply, reply.waiting, reply.skipped))
    (pause,) = (await desk.turn(thread, "close acc-7")).waiting
    seen.append(_seen(pause))
    reply = await desk.answer(thread, "skip")
    seen.append((reply.reply, reply.waiting))
    await desk.turn(thread, plan_of("transfer"))
    reply = await desk.answer(thread, "cancel_all")
    seen.append((reply.reply, reply.waiting))
    return seen


async def test_a_python_tool_and_an_mcp_tool_with_the_same_facts_behave_the_same(
    write_agent: Callable[..., Path], desk_on: MakeDesk, ledger_folder: Path, books: Ledger
) -> None:
    mcp_path = write_agent()
    text = mcp_path.read_text()
    head, _, _ = text.partition("servers:")
    _, _, runs = text.partition("runs:")
    python_path = ledger_folder / f"python-{mcp_path.name}"
    python_path.write_text(f"{head}tools:\n{PYTHON_TOOLS}runs:{runs}")
    books.reset()
    served = await _transcript(await desk_on(mcp_path), "t-mcp")
    books.reset()
    imported = await _transcript(await desk_on(python_path), "t-python")
    assert served == imported
