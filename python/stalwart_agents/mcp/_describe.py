"""What `stalwart check` says of each MCP server: its tools, the facts taken, the hints read."""

from __future__ import annotations

from stalwart_agents.config import AgentFile

__all__ = ["servers_read"]


def servers_read(spec: AgentFile) -> list[str]:
    """One line per server, then one per tool of it the file uses, with the annotations read."""
    lines: list[str] = []
    for name, server in spec.servers.items():
        how = f"stdio: {' '.join(server.command)}" if server.command else f"HTTP: {server.url}"
        lines.append(f"server {name} ({how})")
        for tool_name, tool in spec.tools.items():
            hints = tool.hints
            if hints is None or hints.server != name:
                continue
            facts = ["write" if tool.write else "read"]
            facts += [
                fact for fact in ("irreversible", "idempotent", "untrusted") if getattr(tool, fact)
            ]
            read = ", ".join(hints.read) or "none, so MCP's defaults"
            shown = tool_name if tool_name == hints.name else f"{tool_name} ({hints.name})"
            lines.append(f"  {shown}: {', '.join(facts)} (annotations: {read})")
    return lines
