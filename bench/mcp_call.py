"""What an MCP call adds to a cycle: the ledger's tools over stdio and HTTP against Python.

The anchor is the same ledger functions (examples/mcp/ledger_server.py) imported as Python
tools, so the work each call does is the same and the difference is the MCP hop: JSON-RPC over
a pipe to another process, or over streamable HTTP to a local server. Two cycles are timed on a
SQLite run store, in interleaved rounds so the three sides share the machine's moods:

- read: a turn whose balance call runs unasked;
- write: a turn whose transfer pauses, then the approval, after which the transfer runs.

Not a test: run it, read it. Each line gives the median milliseconds a cycle, the ratio to the
Python anchor measured in the same rounds, and what the MCP call added.

    .venv/bin/python bench/mcp_call.py [--cycles 200] [--rounds 5]
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

from stalwart_agents.desk import Desk
from stalwart_agents.plan import Call, Plan, Value
from stalwart_agents.store.sqlite import SqliteRunStore

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "mcp"
SIDES = ("python", "stdio", "http")
HEAD = "agents:\n  - name: bench\n"
PYTHON = """\
tools:
  balance: {function: ledger_server:balance, arguments: {account: {}}}
  transfer:
    function: ledger_server:transfer
    write: true
    idempotent: true
    arguments: {source: {}, target: {}, amount: {type: number}}
"""
SERVED = "tools:\n  balance: {server: ledger}\n  transfer: {server: ledger}\n"


def _plan(tool: str) -> Plan:
    args = (
        {"account": "acc-1"}
        if tool == "balance"
        else {"source": "acc-1", "target": "acc-2", "amount": 0.01}
    )
    return Plan(
        calls=(Call(tool=tool, args={k: Value(value=v, origin="typed") for k, v in args.items()}),),
        text=tool,
    )


def _port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _agent_files(folder: Path, port: int) -> dict[str, Path]:
    servers = {
        "stdio": "servers:\n  ledger: {command: [python, ledger_server.py]}\n",
        "http": f"servers:\n  ledger: {{url: 'http://127.0.0.1:{port}/mcp'}}\n",
    }
    files = {}
    for side in SIDES:
        body = PYTHON if side == "python" else servers[side] + SERVED
        files[side] = folder / f"{side}.yaml"
        files[side].write_text(HEAD + body)
    return files


def _serve_http(folder: Path, port: int) -> subprocess.Popen[bytes]:
    process = subprocess.Popen(
        [sys.executable, str(folder / "ledger_server.py"), "--http", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return process
        except OSError:
            time.sleep(0.05)
    process.kill()
    raise RuntimeError("the HTTP ledger did not start")


async def _timed(cycles: int, cycle: Callable[[int], Awaitable[None]], first: int) -> list[float]:
    spent = []
    for n in range(first, first + cycles):
        start = time.perf_counter()
        await cycle(n)
        spent.append((time.perf_counter() - start) * 1000)
    return spent


async def _main(cycles: int, rounds: int) -> None:
    folder = Path(tempfile.mkdtemp(prefix="mcp-bench-"))
    shutil.copy(EXAMPLE / "ledger_server.py", folder)
    os.environ["LEDGER_DB"] = str(folder / "ledger.db")
    sys.path.insert(0, str(folder))
    # Importing the server for the Python side sets the SDK's logging up; its lines are noise here.
    logging.disable(logging.INFO)
    port = _port()
    http = _serve_http(folder, port)
    files = _agent_files(folder, port)
    desks = {
        side: Desk(files[side], store=SqliteRunStore(str(folder / f"{side}.db"))) for side in SIDES
    }
    times: dict[tuple[str, str], list[float]] = {
        (s, c): [] for s in SIDES for c in ("read", "write")
    }
    try:
        for desk in desks.values():
            await desk.open()

        def read(desk: Desk) -> Callable[[int], Awaitable[None]]:
            async def cycle(n: int) -> None:
                reply = await desk.turn(f"r-{n}", _plan("balance"))
                assert not reply.waiting, reply

            return cycle

        def write(desk: Desk) -> Callable[[int], Awaitable[None]]:
            async def cycle(n: int) -> None:
                await desk.turn(f"w-{n}", _plan("transfer"))
                reply = await desk.answer(f"w-{n}", "approve")
                assert "Done" in reply.reply, reply.reply

            return cycle

        for desk in desks.values():  # warm up each side once
            await read(desk)(-1)
            await write(desk)(-1)
        for round_ in range(rounds):
            for side, desk in desks.items():
                first = round_ * cycles
                times[(side, "read")] += await _timed(cycles, read(desk), first)
                times[(side, "write")] += await _timed(cycles, write(desk), first)
    finally:
        for desk in desks.values():
            await desk.close()
        http.kill()
        http.wait()
        shutil.rmtree(folder, ignore_errors=True)
    print(f"{cycles * rounds} cycles a side, {rounds} interleaved rounds, SQLite run store")
    for kind in ("read", "write"):
        anchor = statistics.median(times[("python", kind)])
        for side in SIDES:
            median = statistics.median(times[(side, kind)])
            p99 = statistics.quantiles(times[(side, kind)], n=100)[98]
            print(
                f"{kind:5} {side:6} median {median:7.2f} ms  p99 {p99:7.2f} ms  "
                f"x{median / anchor:5.2f} of Python  (+{median - anchor:6.2f} ms)"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cycles", type=int, default=200, help="cycles a side per round")
    parser.add_argument("--rounds", type=int, default=5)
    options = parser.parse_args()
    asyncio.run(_main(options.cycles, options.rounds))


if __name__ == "__main__":
    main()
