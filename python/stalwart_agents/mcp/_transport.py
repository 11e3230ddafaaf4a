"""One MCP server's client session, opened through the official SDK over stdio or HTTP."""

from __future__ import annotations

import os
import re
import sys
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from pathlib import Path
from typing import Final

from mcp import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client

from stalwart_agents.errors import StalwartError
from stalwart_agents.server_spec import ServerSpec

__all__ = ["UnknownVariable", "headers_of", "open_session"]

_VARIABLE: Final = re.compile(r"\$\{([A-Za-z_]\w*)\}")


class UnknownVariable(StalwartError, LookupError):
    """A header names an environment variable that is not set."""


def headers_of(server: ServerSpec) -> dict[str, str]:
    """The server's headers with each ${VAR} read from the environment, never from the file."""

    def value(match: re.Match[str]) -> str:
        name = match[1]
        if not os.environ.get(name):
            raise UnknownVariable(name)
        return os.environ[name]

    return {key: _VARIABLE.sub(value, text) for key, text in server.headers.items()}


@asynccontextmanager
async def open_session(server: ServerSpec, base_dir: Path) -> AsyncIterator[ClientSession]:
    """An initialised session; a stdio server runs from the agent file's folder, with its env."""
    async with AsyncExitStack() as stack:
        if server.url is None and server.command:
            program, *args = server.command
            # `python` is the Python that runs Stalwart, so a venv's server finds its packages.
            program = sys.executable if program in ("python", "python3") else program
            # The server is the team's own program: it gets this process's environment (PATH).
            parameters = StdioServerParameters(
                command=program, args=args, env=dict(os.environ), cwd=base_dir
            )
            # The server writes its own messages straight to this process's stderr, the file
            # itself: a sys.stderr replaced since start-up (a test's capture) has no descriptor.
            errlog = sys.__stderr__ or sys.stderr
            read, write = await stack.enter_async_context(stdio_client(parameters, errlog))
        else:
            client = create_mcp_http_client(headers=headers_of(server))
            await stack.enter_async_context(client)
            read, write = await stack.enter_async_context(
                streamable_http_client(str(server.url), http_client=client)
            )
        session = await stack.enter_async_context(ClientSession(read, write))
        await session.initialize()
        yield session
