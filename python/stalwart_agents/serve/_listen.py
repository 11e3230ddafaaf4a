"""The listening socket, bound before the banner so that a taken port is said, not shown as up."""

from __future__ import annotations

import errno
import socket

from stalwart_agents.errors import StalwartError

__all__ = ["ListenError", "listen"]


class ListenError(StalwartError):
    """`--host` and `--port` name an address this process cannot listen on."""

    def __init__(self, problem: str, fix: str) -> None:
        self.problem = problem
        # What a person does about it, printed under the problem as for a bad agent file.
        self.fix = fix
        super().__init__(f"{problem} {fix}")


def listen(host: str, port: int) -> list[socket.socket]:
    """Sockets bound to each address of host:port, as asyncio's create_server binds them, for
    uvicorn to serve on; ListenError says why they cannot be."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror:
        raise ListenError(
            f"the host {host!r} is no address of this computer.",
            "give --host an address it has, as 127.0.0.1 (only this computer) or 0.0.0.0.",
        ) from None
    sockets: list[socket.socket] = []
    try:
        for family, kind, proto, _, address in dict.fromkeys(infos):
            sock = socket.socket(family, kind, proto)
            sockets.append(sock)
            # As uvicorn binds: a port left in TIME_WAIT by the last run may be listened on again.
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if family == socket.AF_INET6:
                sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
            if port == 0 and len(sockets) > 1:
                # --port 0: every address of the host on the one port the system gave the first.
                address = (address[0], sockets[0].getsockname()[1], *address[2:])
            sock.bind(address)
            sock.set_inheritable(True)
    except OSError as error:
        for sock in sockets:
            sock.close()
        raise _why(host, port, error) from None
    return sockets


def _why(host: str, port: int, error: OSError) -> ListenError:
    if error.errno == errno.EADDRINUSE:
        return ListenError(
            f"port {port} on {host} is taken: another program listens there, "
            "perhaps another stalwart serve.",
            f"stop that program, or serve on another port, as --port {port + 1}.",
        )
    if error.errno == errno.EACCES:
        return ListenError(
            f"port {port} on {host} is reserved for the system.",
            "serve on a port from 1024 up, as --port 8700.",
        )
    if error.errno == errno.EADDRNOTAVAIL:
        return ListenError(
            f"{host} is no address of this computer.",
            "give --host an address it has, as 127.0.0.1 (only this computer) or 0.0.0.0.",
        )
    return ListenError(
        f"cannot listen on {host}:{port}: {error.strerror or error}.",
        "choose another --host or --port.",
    )
