"""`stalwart serve`: make_app under uvicorn, started again whenever --follows applies a version."""

from __future__ import annotations

import signal
import socket
import sys
from dataclasses import dataclass
from pathlib import Path

import uvicorn

from stalwart_agents.desk import Desk
from stalwart_agents.errors import ConfigError
from stalwart_agents.serve._app import make_app
from stalwart_agents.serve._follows import Follower, FollowError, FollowSettings
from stalwart_agents.serve._guard import is_loopback, loopback_hosts
from stalwart_agents.serve._lan import PhoneSettings
from stalwart_agents.serve._limits import raise_open_files, space_young_collections
from stalwart_agents.serve._listen import ListenError, listen
from stalwart_agents.serve._pairing import PairingCode
from stalwart_agents.serve._protocol import OneWriteHttpToolsProtocol

__all__ = ["ServeOptions", "run_host"]


@dataclass(frozen=True)
class ServeOptions:
    """`stalwart serve`'s arguments, checked; one field per option of spec/cli.yaml."""

    agent_file: Path
    host: str
    port: int
    agent: str | None
    operator_token: str | None
    dev_pair: bool
    public_url: str | None
    sleeps: bool
    follows: bool
    console_origin: str
    keep_alive: int


class _Restart:
    """Set by the follower when it applies a version, so the host starts again with it."""

    def __init__(self) -> None:
        self.requested = False
        self.server: uvicorn.Server | None = None

    def __call__(self, version: int) -> None:
        self.requested = True
        if self.server is not None:
            self.server.should_exit = True


def _fail(message: object) -> int:
    print(f"stalwart serve: {message}", file=sys.stderr)
    return 2


def _host_names(options: ServeOptions) -> list[str] | None:
    """On loopback, the names a DNS-rebinding page cannot borrow; elsewhere any name."""
    if not is_loopback(options.host):
        return None
    return sorted(loopback_hosts(options.public_url) | {options.host})


def _pairing(options: ServeOptions) -> PairingCode:
    """The --dev-pair code, printed now and again each time wrong guesses retire it."""
    url = options.public_url or f"http://{options.host}:{options.port}"

    def show(_code: str) -> None:
        print(pairing.banner(url), flush=True)

    pairing = PairingCode(on_new_code=show)
    show(pairing.code)
    return pairing


def run_host(options: ServeOptions, listening: list[socket.socket]) -> int:
    """Serve on `listening` until stopped; exit 2 with a clear message when it cannot serve."""
    # Ctrl-C ends the host with the shell's status 130 even where the parent started it with
    # SIGINT ignored: uvicorn puts back this handler and raises the signal again once it stopped.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    raise_open_files()
    space_young_collections()
    pairing = _pairing(options) if options.dev_pair else None
    while True:
        restart = _Restart()
        try:
            settings = (
                FollowSettings.read(options.agent_file, options.console_origin)
                if options.follows
                else None
            )
            follower = (
                Follower(options.agent_file, settings, on_applied=restart) if settings else None
            )
            app = make_app(
                Desk(options.agent_file, agent=options.agent),
                operator_token=options.operator_token,
                public_url=options.public_url,
                pairing=pairing,
                console_origin=options.console_origin,
                schedules=True,
                sleeps=options.sleeps,
                follower=follower,
                hosts=_host_names(options),
                # The phone's URL keeps the port the owner knows, where it is free on the LAN.
                phone=PhoneSettings(port=options.port),
            )
            # A restart listens again: the last server closed its socket as it stopped.
            if any(sock.fileno() == -1 for sock in listening):
                listening = listen(options.host, options.port)
        except (ConfigError, FollowError, LookupError, ListenError) as error:
            return _fail(error)
        config = uvicorn.Config(
            app,
            host=options.host,
            port=options.port,
            lifespan="on",
            log_level="info",
            timeout_keep_alive=options.keep_alive,
            http=OneWriteHttpToolsProtocol,
        )
        restart.server = uvicorn.Server(config)
        restart.server.run(sockets=listening)
        if not restart.requested:
            return 0 if restart.server.started else 1
