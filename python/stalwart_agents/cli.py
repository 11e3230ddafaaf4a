"""The stalwart command: `stalwart serve agent.yaml`, its options built from spec/cli.yaml."""

from __future__ import annotations

import argparse
import logging
import os
import sys
from collections.abc import Sequence
from dataclasses import fields
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from stalwart_agents._generated.spec import OPTIONS, Option
from stalwart_agents.serve.host import ServeOptions, run_host

__all__ = ["build_parser", "main", "parse_serve"]

PROG = "stalwart"


def _dest(option: Option) -> str:
    return option.name.removeprefix("--").replace("-", "_")


def _default_note(option: Option) -> str:
    if option.flag:
        return "off"
    if option.env:
        # The value itself may be a secret, so --help names the variable, never its value.
        return (
            f"${option.env}" if option.default is None else f"${option.env}, else {option.default}"
        )
    return "not set" if option.default is None else option.default


def _add_option(parser: argparse.ArgumentParser, option: Option) -> None:
    help_text = f"{option.help} (default: {_default_note(option)})"
    if option.flag:
        parser.add_argument(option.name, dest=_dest(option), action="store_true", help=help_text)
        return
    parser.add_argument(
        option.name,
        dest=_dest(option),
        metavar=option.metavar,
        type=int if option.type == "integer" else str,
        default=None,
        help=help_text,
    )


def build_parser() -> argparse.ArgumentParser:
    """The whole command line, with every option of the spec under `serve`."""
    parser = argparse.ArgumentParser(
        prog=PROG, description="Stalwart Agents: agents whose tool calls wait for a person."
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    serve = commands.add_parser(
        "serve",
        help="serves an agent.yaml over HTTP with the chat interface at /",
        description="Serves an agent.yaml over HTTP, with the chat interface at /.",
    )
    serve.add_argument("agent_file", metavar="AGENT_FILE", help="the agent.yaml to serve")
    for option in OPTIONS:
        _add_option(serve, option)
    return parser


def _resolve(option: Option, given: object) -> object:
    """A value given on the command line, else the option's variable, else its default."""
    if option.flag:
        return bool(given)
    if given is not None:
        return given
    if option.env and os.environ.get(option.env):
        value: object = os.environ[option.env]
    elif option.default is not None:
        value = option.default
    else:
        return None
    return int(str(value)) if option.type == "integer" else value


def _check_url(value: str, option: str, *, origin: bool) -> str:
    parts = urlsplit(value)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError(f"{option} must be an http:// or https:// address, not {value!r}")
    if parts.query or parts.fragment:
        raise ValueError(f"{option} must not carry a query or fragment: {value!r}")
    if origin and parts.path not in ("", "/"):
        raise ValueError(f"{option} must be an origin, scheme://host[:port], not {value!r}")
    return value.rstrip("/")


def parse_serve(parser: argparse.ArgumentParser, namespace: argparse.Namespace) -> ServeOptions:
    """Turn parsed arguments into ServeOptions, or exit with a message naming the bad one."""
    values: dict[str, Any] = {
        _dest(option): _resolve(option, getattr(namespace, _dest(option))) for option in OPTIONS
    }
    try:
        port = values["port"]
        if not isinstance(port, int) or not 0 <= port <= 65535:
            raise ValueError(f"--port must be a number from 0 to 65535, not {port}")
        if isinstance(values["public_url"], str):
            values["public_url"] = _check_url(values["public_url"], "--public-url", origin=False)
        if isinstance(values["console_origin"], str):
            values["console_origin"] = _check_url(
                values["console_origin"], "--console-origin", origin=True
            )
    except ValueError as error:
        parser.error(str(error))
    agent_file = Path(namespace.agent_file)
    if not agent_file.is_file():
        parser.error(f"{agent_file} is not a file; name the agent.yaml to serve")
    known = {field.name for field in fields(ServeOptions)} - {"agent_file"}
    if known != set(values):
        raise RuntimeError(f"ServeOptions and spec/cli.yaml differ: {sorted(known ^ set(values))}")
    return ServeOptions(agent_file=agent_file, **values)


def main(argv: Sequence[str] | None = None) -> int:
    """The console script's entry point."""
    parser = build_parser()
    namespace = parser.parse_args(argv)
    options = parse_serve(parser, namespace)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s: %(message)s")
    try:
        return run_host(options)
    except KeyboardInterrupt:
        # Ctrl-C is how a person stops the host: no traceback, the shell's usual status.
        return 130


if __name__ == "__main__":
    sys.exit(main())
