"""Reading each MCP server's tools when the agent file loads: started briefly, listed, stopped."""

from __future__ import annotations

import asyncio
import concurrent.futures
from pathlib import Path
from typing import Final

from mcp import types
from mcp.shared.exceptions import MCPError
from mcp_types.jsonrpc import CONNECTION_CLOSED

from stalwart_agents.mcp._errors import ServerUnavailable
from stalwart_agents.mcp._transport import UnknownVariable, open_session
from stalwart_agents.server_spec import ServerSpec

__all__ = ["list_tools", "unavailable"]

# How long a server may take to start and list its tools before the load gives up on it.
START_SECONDS: Final = 20.0


def unavailable(error: BaseException) -> str:
    """Why a server could not be reached, in words: the innermost error of a task group."""
    while isinstance(error, BaseExceptionGroup) and error.exceptions:
        error = error.exceptions[0]
    if isinstance(error, UnknownVariable):
        return f"its headers read ${{{error}}}, which is not set in the environment"
    if isinstance(error, TimeoutError):
        return f"it did not answer within {START_SECONDS:g} seconds"
    if isinstance(error, MCPError) and error.code == CONNECTION_CLOSED:
        return "it closed the connection (a server that exits prints why above)"
    if isinstance(error, FileNotFoundError):
        return f"the program {error.filename or error} does not exist"
    text = str(error).strip().rstrip(".")
    return f"{text} ({type(error).__name__})" if text else type(error).__name__


async def _alist_tools(server: ServerSpec, base_dir: Path) -> list[types.Tool]:
    async with asyncio.timeout(START_SECONDS), open_session(server, base_dir) as session:
        return (await session.list_tools()).tools


def list_tools(server: ServerSpec, base_dir: Path) -> list[types.Tool]:
    """The server's tools; ServerUnavailable says why it could not give them.

    The load is synchronous and may run inside an event loop, so the server is read on a
    thread of its own, with a loop of its own.
    """
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        future = pool.submit(asyncio.run, _alist_tools(server, base_dir))
        try:
            return future.result()
        except BaseException as error:
            if not isinstance(error, Exception | BaseExceptionGroup):
                raise
            raise ServerUnavailable(unavailable(error)) from error
