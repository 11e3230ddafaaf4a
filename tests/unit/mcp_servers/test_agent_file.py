"""An agent file's MCP servers at load: what `stalwart check` lists, and every problem named."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from stalwart_agents.cli import main
from stalwart_agents.desk import Desk
from stalwart_agents.errors import ConfigError
from stalwart_agents.loading import load_agent_file
from stalwart_agents.plan import Call, Plan
from stalwart_agents.store.sqlite import SqliteRunStore
from tests.loopback import free_port

from .conftest import HttpServer, stdio_server


def _problem(path: Path) -> ConfigError:
    with pytest.raises(ConfigError) as caught:
        load_agent_file(path)
    return caught.value


def test_check_lists_each_server_tool_with_the_annotations_it_read(
    write_agent: Callable[..., Path], capsys: pytest.CaptureFixture[str], transport: str
) -> None:
    assert main(["check", str(write_agent())]) == 0
    out = capsys.readouterr().out
    assert "  balance: read (annotations: readOnlyHint: true, openWorldHint: false)" in out
    assert (
        "  transfer: write, idempotent (annotations: readOnlyHint: false, destructiveHint: false,"
        " idempotentHint: true, openWorldHint: false)"
    ) in out
    assert "  close_account: write, irreversible (annotations: destructiveHint: true," in out


def test_a_server_that_cannot_start_is_named_without_a_traceback(
    write_agent: Callable[..., Path], capsys: pytest.CaptureFixture[str]
) -> None:
    path = write_agent()
    path.write_text(path.read_text().replace("url: http://", "url: http://0.0.0.0:1/x#"))
    path.write_text(path.read_text().replace("[python, ledger_server.py]", "[no-such-program]"))
    assert main(["serve", str(path), "--port", "0"]) == 2
    err = capsys.readouterr().err
    assert "at servers.ledger: the MCP server ledger could not be started: " in err
    assert "Traceback" not in err


def test_the_file_cannot_make_a_tool_looser_than_its_server_says(
    write_agent: Callable[..., Path],
) -> None:
    path = write_agent("  sure_transfer: {server: ledger, tool: transfer, write: false}\n")
    error = _problem(path)
    assert error.key == "tools.sure_transfer.write"
    assert error.problem == (
        "the ledger server does not mark transfer as read-only (readOnlyHint), and the agent "
        "file may only make a tool stricter than its server says."
    )


def test_a_tool_the_server_lacks_names_the_ones_it_has(write_agent: Callable[..., Path]) -> None:
    error = _problem(write_agent("  refund: {server: ledger}\n"))
    assert (error.key, error.problem) == (
        "tools.refund.server",
        "the ledger server has no tool 'refund'.",
    )
    assert (
        error.fix
        == "name one of its tools: balance, read_memo, statement, transfer, close_account."
    )


def test_an_argument_a_card_cannot_show_is_named(tmp_path: Path) -> None:
    (tmp_path / "odd.py").write_text(
        "from mcp.server.mcpserver import MCPServer\n"
        "app = MCPServer('odd')\n"
        "@app.tool()\n"
        "def tag(labels: dict[str, str]) -> str:\n"
        "    return 'ok'\n"
        "app.run()\n"
    )
    (tmp_path / "agent.yaml").write_text(
        "agents: [{name: odd}]\nservers:\n  odd: {command: [python, odd.py]}\n"
        "tools:\n  tag: {server: odd}\n"
    )
    error = _problem(tmp_path / "agent.yaml")
    assert (error.key, error.problem) == (
        "tools.tag.server",
        "the odd server's tag takes 'labels' as object, which a card cannot show.",
    )


def test_the_files_words_for_an_argument_keep_the_servers_type(
    write_agent: Callable[..., Path],
) -> None:
    path = write_agent(
        "  move: {server: ledger, tool: transfer, arguments: {amount: {label: Sum}}}\n"
    )
    amount = load_agent_file(path).tools["move"].arguments["amount"]
    assert (amount.type, amount.label, amount.required) == ("number", "Sum", True)


def test_the_model_sees_an_mcp_tool_with_the_servers_description_and_types(
    write_agent: Callable[..., Path], tmp_path: Path
) -> None:
    desk = Desk(write_agent(), store=SqliteRunStore(str(tmp_path / "runs.db")))
    (transfer,) = [tool for tool in desk.runtime.catalogue if tool.name == "transfer"]
    assert transfer.description == "Moves money from one account to another."
    assert transfer.parameters == {
        "type": "object",
        "properties": {
            "source": {"type": "string"},
            "target": {"type": "string"},
            "amount": {"type": "number"},
        },
        "required": ["source", "target", "amount"],
    }


def test_a_header_naming_an_unset_variable_names_it(
    write_agent: Callable[..., Path], monkeypatch: pytest.MonkeyPatch, http_server: HttpServer
) -> None:
    monkeypatch.delenv("LEDGER_TOKEN", raising=False)
    http_server.ensure()
    path = write_agent()
    text = path.read_text().replace(
        "    command: [python, ledger_server.py]\n",
        f"    url: http://127.0.0.1:{http_server.port}/mcp\n",
    )
    path.write_text(
        text.replace("/mcp\n", "/mcp\n    headers: {Authorization: 'Bearer ${LEDGER_TOKEN}'}\n", 1)
    )
    error = _problem(path)
    assert (error.key, error.problem) == (
        "servers.ledger",
        "the MCP server ledger could not be started: its headers read ${LEDGER_TOKEN}, which is "
        "not set in the environment.",
    )


def test_a_server_that_stops_starting_after_the_load_stops_serve_with_its_sentence(
    tmp_path: Path,
) -> None:
    # It starts for `stalwart check`'s read and the desk's, then refuses the worker's own start.
    (tmp_path / "flaky.py").write_text(
        "import sys\nfrom pathlib import Path\n"
        "count = Path('count')\nn = int(count.read_text()) if count.exists() else 0\n"
        "count.write_text(str(n + 1))\n"
        "if n >= 2:\n    sys.exit('flaky: no third start')\n"
        "from mcp.server.mcpserver import MCPServer\napp = MCPServer('flaky')\n"
        "@app.tool()\ndef ping() -> str:\n    return 'pong'\napp.run()\n"
    )
    (tmp_path / "agent.yaml").write_text(
        "agents: [{name: f}]\nservers:\n  flaky: {command: [python, flaky.py]}\n"
        "tools:\n  ping: {server: flaky}\n"
    )
    stalwart = Path(sys.executable).with_name("stalwart")
    done = subprocess.run(
        [str(stalwart), "serve", "agent.yaml", "--port", str(free_port())],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode != 0
    assert "The MCP server flaky could not be started: it closed the connection" in done.stderr
    assert "Traceback" not in done.stderr


async def test_a_stdio_server_that_dies_is_started_again_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Its starts: the load's read, the desk's session, the one restart; the fourth is refused.
    (tmp_path / "flaky.py").write_text(
        "import sys\nfrom pathlib import Path\n"
        "count = Path('count')\nn = int(count.read_text()) if count.exists() else 0\n"
        "count.write_text(str(n + 1))\n"
        "if n >= 3:\n    sys.exit('flaky: no fourth start')\n"
        "from mcp.server.mcpserver import MCPServer\napp = MCPServer('flaky')\n"
        "@app.tool(annotations={'readOnlyHint': True, 'openWorldHint': False})\n"
        "def ping() -> dict[str, str]:\n    return {'answer': 'pong'}\napp.run()\n"
    )
    (tmp_path / "agent.yaml").write_text(
        "agents: [{name: f}]\nservers:\n  flaky: {command: [python, flaky.py]}\n"
        "tools:\n  ping: {server: flaky}\n"
    )
    ping = Plan(calls=(Call(tool="ping"),), text="ping")
    async with Desk(tmp_path / "agent.yaml", store=SqliteRunStore(str(tmp_path / "r.db"))) as desk:
        os.kill(stdio_server("flaky.py").pid, signal.SIGKILL)
        assert "Answer: pong" in (await desk.turn("t-1", ping)).reply
        os.kill(stdio_server("flaky.py").pid, signal.SIGKILL)
        reply = await desk.turn("t-2", ping)
    assert (tmp_path / "count").read_text() == "4"
    assert reply.reply.startswith("Ping did not work: The flaky server is not running: ")
