"""The stalwart command: `serve` (options from spec/cli.yaml), `init`, `check` and `staff`."""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import sys
import traceback
from collections.abc import Sequence
from dataclasses import fields, replace
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from stalwart_agents._generated.spec import OPTIONS, Option
from stalwart_agents.agent_check import Checked, describe, find_problems, store_problems
from stalwart_agents.banner import banner, package_version
from stalwart_agents.desk import Desk
from stalwart_agents.errors import ConfigError
from stalwart_agents.mcp import servers_read
from stalwart_agents.scaffold import ScaffoldError, as_typed, next_steps, write_scaffold
from stalwart_agents.serve._host import ServeOptions, run_host
from stalwart_agents.serve._listen import ListenError, listen
from stalwart_agents.serve._staff import revoke, staff_lines

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


def _command(parser: argparse.ArgumentParser, what: str) -> argparse.ArgumentParser:
    parser.add_argument("agent_file", metavar="AGENT_FILE", help=what)
    return parser


def build_parser() -> argparse.ArgumentParser:
    """The whole command line: `serve` with every option of the spec, `init` and `check`."""
    parser = argparse.ArgumentParser(
        prog=PROG, description="Stalwart Agents: agents whose tool calls wait for a person."
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {package_version()}")
    debug = argparse.ArgumentParser(add_help=False)
    debug.add_argument(
        "--debug",
        action="store_true",
        default=argparse.SUPPRESS,
        help="on an error, print the Python traceback too",
    )
    parser.add_argument("--debug", action="store_true", help=argparse.SUPPRESS)
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    serve = _command(
        commands.add_parser(
            "serve",
            parents=[debug],
            help="serves an agent.yaml over HTTP with the chat interface at /",
            description="Serves an agent.yaml over HTTP, with the chat interface at /.",
        ),
        "the agent.yaml to serve",
    )
    for option in OPTIONS:
        _add_option(serve, option)
    init = commands.add_parser(
        "init",
        help="writes a working agent into a new folder, with its test",
        description=(
            "Writes agent.yaml, tools.py (a read tool, a write tool and its undo), "
            "vocabulary.yaml (en and pt-BR) and test_agent.py into DIR."
        ),
    )
    init.add_argument("directory", metavar="DIR", help="the folder to write; new or empty")
    _command(
        commands.add_parser(
            "check",
            parents=[debug],
            help="loads an agent.yaml and prints every problem, without serving",
            description="Loads an agent.yaml, its tools and vocabulary; prints every problem.",
        ),
        "the agent.yaml to check",
    )
    _staff_parser(commands, debug)
    return parser


def _staff_parser(commands: Any, debug: argparse.ArgumentParser) -> None:
    staff = commands.add_parser(
        "staff",
        help="lists the staff the owner paired, or revokes one",
        description=(
            "Staff are the browsers the owner paired; with staff_only: true only they and the "
            "owner (a browser on this machine) see the bot's threads."
        ),
    )
    actions = staff.add_subparsers(dest="action", required=True, metavar="ACTION")
    _command(
        actions.add_parser("list", parents=[debug], help="lists the staff, each by its handle"),
        "the agent.yaml whose staff to list",
    )
    revoke = _command(
        actions.add_parser(
            "revoke", parents=[debug], help="revokes one staff session, on every worker at once"
        ),
        "the agent.yaml whose staff to revoke",
    )
    revoke.add_argument("handle", metavar="STAFF", help="the handle `stalwart staff list` shows")


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
        keep_alive = values["keep_alive"]
        if not isinstance(keep_alive, int) or keep_alive < 1:
            raise ValueError(
                f"--keep-alive must be a whole number of seconds, 1 or more, not {keep_alive}"
            )
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


def _report(problems: list[ConfigError], debug: bool, after: str = "nothing was served") -> int:
    """Each problem as one message; with --debug, the Python traceback behind it first."""
    for problem in problems:
        if debug and problem.__cause__ is not None:
            print("".join(traceback.format_exception(problem.__cause__)), file=sys.stderr, end="")
        print(describe(problem), file=sys.stderr)
    count = "1 problem" if len(problems) == 1 else f"{len(problems)} problems"
    print(f"{count}; {after}.", file=sys.stderr)
    return 2


def _problems(agent_file: str | Path) -> Checked:
    """Every problem of the file; where it has none, whether its store opens."""
    checked = find_problems(agent_file)
    if not checked.problems and checked.spec is not None:
        checked.problems.extend(store_problems(checked.spec))
    return checked


def _lint(agent_file: str, debug: bool) -> int:
    """`stalwart check`: the agent file's problems, or that it has none and what it serves."""
    checked = _problems(agent_file)
    for warning in checked.warnings:
        print(f"warning: {warning}", file=sys.stderr)
    if checked.problems:
        return _report(checked.problems, debug, "fix them and check again")
    print(f"{agent_file}: no problems found.")
    if checked.spec is not None:
        for line in servers_read(checked.spec):
            print(line)
    return 0


def _init(directory: str) -> int:
    try:
        written = write_scaffold(Path(directory))
    except ScaffoldError as error:
        print(f"{PROG} init: {error}", file=sys.stderr)
        return 2
    for path in written:
        print(f"wrote {path}")
    # The programs of the Python that runs this command: it has the package, where the first
    # `python` on PATH may not.
    script = Path(sys.argv[0])
    python = as_typed(sys.executable)
    stalwart = as_typed(str(script)) if script.name == PROG else f"{python} -m stalwart_agents.cli"
    steps = next_steps(Path(directory), stalwart, python)
    print("\nNext:\n" + "\n".join(f"  {step}" for step in steps))
    return 0


def _serve(parser: argparse.ArgumentParser, namespace: argparse.Namespace, debug: bool) -> int:
    options = parse_serve(parser, namespace)
    checked = _problems(options.agent_file)
    if checked.problems:
        return _report(checked.problems, debug)
    spec = checked.spec
    assert spec is not None
    vocabulary = checked.vocabularies.get(spec.agents.index(spec.agent(options.agent)))
    try:
        listening = listen(options.host, options.port)
    except ListenError as error:
        print(f"{PROG} serve: {error.problem}\n  fix: {error.fix}", file=sys.stderr)
        return 2
    # The port the banner names is the one bound, which --port 0 leaves to the system.
    options = replace(options, port=listening[0].getsockname()[1])
    host = "127.0.0.1" if options.host in ("0.0.0.0", "::") else options.host
    url = options.public_url or f"http://{host}:{options.port}"
    print(banner(spec, options.agent, url, vocabulary))
    print(flush=True)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s: %(message)s")
    return run_host(options, listening)


def _staff(agent_file: str, handle: str | None) -> int:
    """`staff list` (no handle) or `staff revoke`, on the agent file's run store."""

    async def run() -> int:
        async with Desk(agent_file) as desk:
            if handle is None:
                records = await desk.roles.people.staff()
                if not records:
                    print(f"No staff: nobody has paired with {agent_file}.")
                    return 0
                print("\n".join(staff_lines(records)))
                return 0
            if await revoke(desk.roles.people, handle):
                print(f"Revoked {handle}: it is not staff any more, on any worker.")
                return 0
        print(
            f"{PROG} staff: {handle!r} is no staff of {agent_file}; "
            f"`{PROG} staff list {agent_file}` shows them.",
            file=sys.stderr,
        )
        return 2

    return asyncio.run(run())


def main(argv: Sequence[str] | None = None) -> int:
    """The console script's entry point: a person sees one message per problem, no traceback."""
    parser = build_parser()
    namespace = parser.parse_args(argv)
    debug = bool(getattr(namespace, "debug", False))
    try:
        if namespace.command == "init":
            return _init(namespace.directory)
        if namespace.command == "check":
            return _lint(namespace.agent_file, debug)
        if namespace.command == "staff":
            revoking = namespace.action == "revoke"
            return _staff(namespace.agent_file, namespace.handle if revoking else None)
        return _serve(parser, namespace, debug)
    except KeyboardInterrupt:
        # Ctrl-C is how a person stops the host: no traceback, the shell's usual status.
        return 130
    except ConfigError as error:
        # What find_problems cannot see before serving (a store that will not open) lands here.
        if debug:
            traceback.print_exc()
        return _report([error], debug)


if __name__ == "__main__":
    sys.exit(main())
