"""`stalwart serve` takes every option of spec/cli.yaml, with the spec's defaults."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import fields
from pathlib import Path

import pytest

from stalwart_agents._generated.spec import OPTIONS
from stalwart_agents.cli import build_parser, parse_serve
from stalwart_agents.serve._host import ServeOptions


@pytest.fixture
def agent_file(tmp_path: Path) -> Path:
    path = tmp_path / "agent.yaml"
    path.write_text("agents:\n  - name: shop\n", encoding="utf-8")
    return path


def serve_options(*argv: str) -> ServeOptions:
    parser = build_parser()
    namespace = parser.parse_args(["serve", *argv])
    return parse_serve(parser, namespace)


def test_serve_options_have_one_field_per_option_of_the_spec() -> None:
    names = {option.name.removeprefix("--").replace("-", "_") for option in OPTIONS}
    assert {field.name for field in fields(ServeOptions)} == names | {"agent_file"}


def test_help_lists_every_option_with_its_default() -> None:
    shown = subprocess.run(
        [sys.executable, "-m", "stalwart_agents.cli", "serve", "--help"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    flat = " ".join(shown.split())
    for option in OPTIONS:
        assert option.name in flat
        assert " ".join(option.help.split()) in flat
    assert "(default: 127.0.0.1)" in flat
    assert "(default: 8700)" in flat
    assert "(default: $QLS_OPERATOR_TOKEN)" in flat
    assert "(default: https://api.stalwart.it)" in flat


def test_without_options_the_spec_defaults_hold(
    agent_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("QLS_OPERATOR_TOKEN", raising=False)
    options = serve_options(str(agent_file))
    assert (options.host, options.port, options.agent) == ("127.0.0.1", 8700, None)
    assert options.console_origin == "https://api.stalwart.it"
    assert options.operator_token is None
    assert not (options.dev_pair or options.sleeps or options.follows)
    assert options.keep_alive == 75


def test_every_option_is_taken(agent_file: Path) -> None:
    options = serve_options(
        str(agent_file),
        "--host=0.0.0.0",
        "--port=9000",
        "--agent=desk",
        "--operator-token=op-1",
        "--dev-pair",
        "--public-url=https://bot.example.com/",
        "--sleeps",
        "--follows",
        "--console-origin=http://localhost:5173",
        "--keep-alive=30",
    )
    assert options == ServeOptions(
        agent_file=agent_file,
        host="0.0.0.0",
        port=9000,
        agent="desk",
        operator_token="op-1",
        dev_pair=True,
        public_url="https://bot.example.com",
        sleeps=True,
        follows=True,
        console_origin="http://localhost:5173",
        keep_alive=30,
    )


def test_the_operator_token_falls_back_to_its_variable(
    agent_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("QLS_OPERATOR_TOKEN", "from-env")
    assert serve_options(str(agent_file)).operator_token == "from-env"


def test_the_option_wins_over_the_variable(
    agent_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("QLS_OPERATOR_TOKEN", "from-env")
    assert serve_options(str(agent_file), "--operator-token=given").operator_token == "given"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--port=70000"], "--port must be a number from 0 to 65535"),
        (["--port=eighty"], "invalid int value"),
        (["--public-url=bot.example.com"], "--public-url must be an http:// or https://"),
        (["--console-origin=http://localhost:5173/app"], "--console-origin must be an origin"),
        (["--keep-alive=0"], "--keep-alive must be a whole number of seconds, 1 or more"),
    ],
)
def test_a_bad_option_is_named(
    agent_file: Path, argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        serve_options(str(agent_file), *argv)
    assert exited.value.code == 2
    assert message in capsys.readouterr().err


def test_a_missing_agent_file_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        serve_options(str(tmp_path / "nope.yaml"))
    assert "nope.yaml is not a file" in capsys.readouterr().err
