"""An agent file's MCP servers as a desk holds them: a session each, and a function per tool."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any

from stalwart_agents.config import AgentFile
from stalwart_agents.mcp._errors import ServerUnavailable
from stalwart_agents.server_spec import KEY_ARGUMENT, ToolHints

if TYPE_CHECKING:
    from stalwart_agents.mcp._connection import ServerConnection

__all__ = ["Servers", "ToolFunction"]

ToolFunction = Callable[..., Coroutine[Any, Any, Any]]


class Servers:
    """Every MCP server of an agent file, and each MCP tool as a function the ToolBox calls."""

    def __init__(self, spec: AgentFile) -> None:
        self.connections: dict[str, ServerConnection] = {}
        self.functions: dict[str, ToolFunction] = {}
        if not spec.servers:
            return
        # The MCP SDK takes most of a second to import: a file without servers never loads it.
        from stalwart_agents.mcp._connection import ServerConnection

        self.connections = {
            name: ServerConnection(name, server, spec.base_dir)
            for name, server in spec.servers.items()
        }
        for name, tool in spec.tools.items():
            if tool.hints is not None:
                self.functions[name] = self._function(tool.hints, read=not tool.write)

    def _function(self, hints: ToolHints, *, read: bool) -> ToolFunction:
        connection = self.connections[hints.server]
        tool, key_argument = hints.name, hints.key_argument

        async def call(idempotency_key: str, **args: Any) -> Any:
            # The ToolBox gives a date argument as a date; the server takes JSON.
            args = {k: v.isoformat() if isinstance(v, dt.date) else v for k, v in args.items()}
            if key_argument:
                args[KEY_ARGUMENT] = idempotency_key
            return await connection.call(tool, args, idempotency_key, read=read)

        return call

    async def open(self) -> None:
        """Start every server; a server that cannot start closes the others and raises."""
        try:
            for connection in self.connections.values():
                try:
                    await connection.open()
                except ServerUnavailable as error:
                    raise ServerUnavailable(
                        f"The MCP server {connection.name} could not be started: {error}."
                    ) from None
        except BaseException:
            await self.close()
            raise

    async def close(self) -> None:
        """Stop every server."""
        for connection in self.connections.values():
            await connection.close()
