"""A desk's sessions with its MCP servers: opened with the desk, started again once if one dies.

Each session lives in a task of its own, since the SDK's transports must be entered and left in
one task; calls from any task go through it. A call cut off by the transport is a crash: the
engine sends an idempotent tool again with its key, and asks a person about any other write.
"""

from __future__ import annotations

import asyncio
import enum
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

import httpx2
from mcp import ClientSession, types
from mcp.shared.exceptions import MCPError
from mcp_types.jsonrpc import CONNECTION_CLOSED

from stalwart_agents.errors import OutcomeUnknown
from stalwart_agents.mcp._discover import START_SECONDS, unavailable
from stalwart_agents.mcp._errors import ServerUnavailable, ToolError
from stalwart_agents.mcp._results import result_of
from stalwart_agents.mcp._transport import open_session
from stalwart_agents.server_spec import ServerSpec

__all__ = ["ServerConnection"]

# The meta key every call carries its idempotency key under, for servers that read it there.
KEY_META: Final = "io.stalwart/idempotency-key"


class State(enum.Enum):
    """Where a server's session is."""

    STARTING = "starting"  # its task is opening the session
    OPEN = "open"  # calls go through
    LOST = "lost"  # no session: an HTTP server is reached again by the next call
    DOWN = "down"  # a stdio server that could not be started (again)
    CLOSED = "closed"  # the desk closed it


class ServerConnection:
    """One MCP server's session for the life of a desk.

    A stdio server that dies is started again at once, and only once: one that then cannot
    start stays down. An HTTP server is not ours to start, so each call after a loss tries to
    reach it again.
    """

    def __init__(self, name: str, server: ServerSpec, base_dir: Path) -> None:
        self.name = name
        self.server = server
        self.base_dir = base_dir
        self.state = State.CLOSED
        self.error = ""
        self._session: ClientSession | None = None
        self._changed = asyncio.Condition()
        self._lost = asyncio.Event()
        self._wanted = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    async def open(self) -> None:
        """Start the server (or connect); ServerUnavailable names why it could not be."""
        self.state = State.STARTING
        self._task = asyncio.create_task(self._keep(), name=f"mcp server {self.name}")
        if await self._ready() is None:
            await self.close()
            raise ServerUnavailable(self.error)

    async def close(self) -> None:
        """Stop the server's session and, for stdio, the server."""
        task, self._task = self._task, None
        if task is not None:
            await self._set(State.CLOSED)
            self._lost.set()
            self._wanted.set()
            await task

    async def _set(self, state: State, session: ClientSession | None = None) -> None:
        async with self._changed:
            self.state = state
            self._session = session
            self._changed.notify_all()

    async def _ready(self) -> ClientSession | None:
        """The open session once the task is done starting; None when there is none."""
        async with self._changed:
            await self._changed.wait_for(lambda: self.state is not State.STARTING)
            return self._session if self.state is State.OPEN else None

    async def _keep(self) -> None:
        """Hold the session open; start it again as the class says when it is lost."""
        while self._task is not None:
            self._lost.clear()
            opened = False
            try:
                async with asyncio.timeout(START_SECONDS) as deadline:
                    async with open_session(self.server, self.base_dir) as session:
                        deadline.reschedule(None)
                        opened = True
                        await self._set(State.OPEN, session)
                        await self._lost.wait()
            except Exception as error:
                self.error = unavailable(error)
            except BaseExceptionGroup as group:
                self.error = unavailable(group)
            if self._task is None:
                return
            if self.server.url is None:
                if not opened:
                    await self._set(State.DOWN)
                    return
                await self._set(State.STARTING)
                continue
            self._wanted.clear()
            await self._set(State.LOST)
            await self._wanted.wait()

    async def call(self, tool: str, args: Mapping[str, Any], key: str, *, read: bool) -> Any:
        """Call a tool: its result, ToolError for its error, OutcomeUnknown for a crash.

        A read cut off is sent once more on the session started again, since a server that died
        while idle is only found dead by the next call; a write's crash is the engine's to decide.
        """
        try:
            return await self._call_once(tool, args, key)
        except OutcomeUnknown:
            if not read:
                raise
            return await self._call_once(tool, args, key)

    async def _call_once(self, tool: str, args: Mapping[str, Any], key: str) -> Any:
        """With no session the call is not sent, but an earlier try of it may have been, so that
        too is OutcomeUnknown: the engine sends an idempotent tool again, and asks about others."""
        if self.state is State.LOST:
            self.state = State.STARTING
            self._wanted.set()
        session = await self._ready()
        if session is None:
            raise OutcomeUnknown(f"The {self.name} server is not running: {self.error}.")
        try:
            result = await session.call_tool(tool, dict(args), meta={KEY_META: key})  # type: ignore[call-overload]
        except MCPError as error:
            if error.code != CONNECTION_CLOSED:
                raise ToolError(error.error.message) from error
            raise self._cut(error) from error
        except (httpx2.TransportError, OSError) as error:
            raise self._cut(error) from error
        if not isinstance(result, types.CallToolResult):
            raise ToolError(f"The {self.name} server answered {tool} with something else.")
        return result_of(self.name, tool, result)

    def _cut(self, error: BaseException) -> OutcomeUnknown:
        """The transport died under a call: the task starts the server again."""
        if self.state is State.OPEN:
            self.state = State.STARTING
            self._lost.set()
        return OutcomeUnknown(f"The {self.name} server stopped answering: {unavailable(error)}.")
