"""What goes wrong with an MCP server or its tools, nameable without importing the SDK."""

from __future__ import annotations

from stalwart_agents.errors import StalwartError

__all__ = ["ServerUnavailable", "ToolError"]


class ServerUnavailable(StalwartError):
    """An MCP server that could not be started or reached; the message names why."""


class ToolError(StalwartError):
    """An MCP tool's error result, or a server that cannot take the call: the tool failed."""
