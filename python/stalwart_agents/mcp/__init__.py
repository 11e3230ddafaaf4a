"""Tools from MCP servers: read when the agent file loads, called through one session each."""

from stalwart_agents.mcp._adapt import KEY_ARGUMENT, adapt
from stalwart_agents.mcp._connection import Servers
from stalwart_agents.mcp._describe import servers_read
from stalwart_agents.mcp._discover import ServerUnavailable, list_tools
from stalwart_agents.mcp._results import ToolError

__all__ = [
    "KEY_ARGUMENT",
    "ServerUnavailable",
    "Servers",
    "ToolError",
    "adapt",
    "list_tools",
    "servers_read",
]
