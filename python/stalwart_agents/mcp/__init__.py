"""Tools from MCP servers: read when the agent file loads, called through one session each.

Only a file that names a server imports the MCP SDK, when it loads and when its desk opens.
"""

from stalwart_agents.mcp._describe import servers_read
from stalwart_agents.mcp._errors import ServerUnavailable, ToolError
from stalwart_agents.mcp._load import server_tools
from stalwart_agents.mcp._servers import Servers

__all__ = [
    "ServerUnavailable",
    "Servers",
    "ToolError",
    "server_tools",
    "servers_read",
]
