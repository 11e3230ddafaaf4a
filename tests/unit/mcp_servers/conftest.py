"""The example ledger MCP server, real, over stdio and streamable HTTP, under a desk per test."""

from __future__ import annotations

import os
import shutil
import socket
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import psutil
import pytest

from stalwart_agents.desk import Desk
from tests.loads import Loads
from tests.loopback import free_port

EXAMPLE = Path(__file__).parents[3] / "examples" / "mcp"
# Retries slow enough for an HTTP server a test kills and starts again to come back up: 31.5 s
# in all, as the server's start (its MCP SDK imported) took over the 7.5 s of five on a loaded
# machine.
RUNS = "runs: {undo_retries: 7, undo_backoff_seconds: 0.5}\n"


def wait_for(condition: Callable[[], Any], seconds: float = 30.0) -> Any:
    """Poll a condition until it holds; fail the test after `seconds`."""
    deadline = time.monotonic() + seconds
    while not (value := condition()):
        if time.monotonic() > deadline:
            raise AssertionError("the condition never held")
        time.sleep(0.01)
    return value


class Ledger:
    """The ledger's SQLite file, read by the tests, and its hold switch."""

    def __init__(self, folder: Path) -> None:
        self.db = folder / "ledger.db"
        self.hold = folder / "hold"

    def rows(self, sql: str, *args: Any) -> list[tuple[Any, ...]]:
        """The rows a statement gives; none before the server made its tables."""
        with sqlite3.connect(self.db, timeout=10) as connection:
            try:
                return connection.execute(sql, args).fetchall()
            except sqlite3.OperationalError as error:
                if "no such table" not in str(error):
                    raise
                return []

    def attempts(self, tool: str) -> list[str]:
        """The keys of every call of the tool that reached the server, in order."""
        return [key for (key,) in self.rows("SELECT key FROM attempts WHERE tool = ?", tool)]

    def transfers(self) -> list[str]:
        return [key for (key,) in self.rows("SELECT key FROM transfers")]

    def reset(self) -> None:
        """Every account open with its opening balance, and nothing sent yet."""
        self.rows("DELETE FROM accounts")
        self.rows("DELETE FROM transfers")
        self.rows("DELETE FROM attempts")


class HttpServer:
    """The ledger served over streamable HTTP on one port, started again after a kill."""

    def __init__(self, folder: Path) -> None:
        self.port = free_port()
        self.folder = folder
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        script = str(self.folder / "ledger_server.py")
        self.process = subprocess.Popen(
            [sys.executable, script, "--http", str(self.port)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )

        def up() -> bool:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
            except OSError:
                return False
            return True

        wait_for(up)

    def ensure(self) -> None:
        if self.process is None or self.process.poll() is not None:
            self.start()

    def stop(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait()


@pytest.fixture(scope="module")
def ledger_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A copy of the example, its ledger in a file of the module's own."""
    folder = tmp_path_factory.mktemp("ledger")
    for name in ("ledger_server.py", "vocabulary.yaml"):
        shutil.copy(EXAMPLE / name, folder / name)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("LEDGER_DB", str(folder / "ledger.db"))
        patch.setenv("LEDGER_HOLD", str(folder / "hold"))
        yield folder


@pytest.fixture(scope="module")
def http_server(ledger_folder: Path) -> Iterator[HttpServer]:
    """One HTTP ledger for the module's tests, started once (and again after a test kills it)."""
    server = HttpServer(ledger_folder)
    yield server
    server.stop()


@pytest.fixture(scope="module")
def loads() -> Loads:
    """The module's agent files, each text read once."""
    return Loads()


@pytest.fixture
def desk_on(make_desk: Callable[..., Any], loads: Loads) -> Callable[..., Any]:
    """Opens a desk of make_desk's on an agent file read once a module: its stdio server is
    started to list the tools once, not once a desk (each desk still starts its own)."""

    async def make(file: Path, **options: Any) -> Desk:
        desk: Desk = await make_desk(file=loads(file), **options)
        return desk

    return make


@pytest.fixture(params=["stdio", "http"])
def transport(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def books(ledger_folder: Path) -> Iterator[Ledger]:
    made = Ledger(ledger_folder)
    yield made
    made.hold.unlink(missing_ok=True)


@pytest.fixture
def server_line(transport: str, request: pytest.FixtureRequest) -> str:
    """The agent file's `ledger:` server, as the test's transport reaches it."""
    if transport == "stdio":
        return "    command: [python, ledger_server.py]\n"
    http: HttpServer = request.getfixturevalue("http_server")
    http.ensure()
    return f"    url: http://127.0.0.1:{http.port}/mcp\n"


@pytest.fixture
def write_agent(ledger_folder: Path, server_line: str, tmp_path: Path) -> Callable[..., Path]:
    """Writes an agent file on the ledger server, with tools of the test's own where given."""

    def write(tools: str = "", server: str = "") -> Path:
        text = (
            "agents:\n  - name: ledger\n    on_unread: refuse\n    vocabulary: vocabulary.yaml\n"
            f"servers:\n  ledger:\n{server_line}{server}"
            "tools:\n"
            "  balance: {server: ledger, currency: USD}\n"
            "  read_memo: {server: ledger}\n"
            "  statement: {server: ledger}\n"
            "  transfer: {server: ledger, currency: USD}\n"
            "  close_account: {server: ledger}\n"
            f"{tools}{RUNS}"
        )
        path = ledger_folder / f"agent-{tmp_path.name}.yaml"
        path.write_text(text)
        return path

    return write


def stdio_server(script: str = "ledger_server.py") -> psutil.Process:
    """The ledger a desk of this process started over stdio (not the HTTP one, nor the dead)."""
    (found,) = [
        child
        for child in psutil.Process(os.getpid()).children(recursive=True)
        if child.status() != psutil.STATUS_ZOMBIE
        and any(script in part for part in child.cmdline())
        and "--http" not in child.cmdline()
    ]
    return found
