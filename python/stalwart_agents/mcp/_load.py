"""An agent file's MCP tools made whole when it loads, from the tools its servers list."""

from __future__ import annotations

from typing import TYPE_CHECKING

from stalwart_agents.config import AgentFile
from stalwart_agents.mcp._errors import ServerUnavailable

if TYPE_CHECKING:
    from mcp import types

    from stalwart_agents.mcp._adapt import Problem

__all__ = ["server_tools"]


def _names_servers(spec: AgentFile) -> bool:
    return bool(spec.servers) or any(
        tool.server is not None or (tool.undo is not None and tool.undo.server is not None)
        for tool in spec.tools.values()
    )


def server_tools(spec: AgentFile) -> tuple[AgentFile, list[Problem]]:
    """The file with its MCP tools read from their servers, and each server that could not be."""
    if not _names_servers(spec):
        return spec, []
    # The MCP SDK takes most of a second to import: a file that names no server never loads it.
    from stalwart_agents.mcp._adapt import adapt
    from stalwart_agents.mcp._discover import list_tools

    problems: list[Problem] = []
    listed: dict[str, list[types.Tool]] = {}
    for name, server in spec.servers.items():
        try:
            listed[name] = list_tools(server, spec.base_dir)
        except ServerUnavailable as error:
            how = " ".join(server.command) if server.command else server.url
            problems.append(
                (
                    ("servers", name),
                    f"the MCP server {name} could not be started: {error}.",
                    f"check that `{how}` starts an MCP server"
                    + (
                        " from the folder of agent.yaml."
                        if server.command
                        else ", and that it is up."
                    ),
                )
            )
    merged, wrong = adapt(spec, listed)
    return merged, problems + wrong
