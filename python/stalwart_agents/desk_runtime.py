"""desk_runtime: the engine's Runtime for one agent of a file, as a Desk runs it."""

from __future__ import annotations

from stalwart_agents.check import Check
from stalwart_agents.config import AgentFile
from stalwart_agents.engine import Runtime, agent_step
from stalwart_agents.mcp import Servers
from stalwart_agents.model import ModelProvider, tool_schema
from stalwart_agents.store import RunStore
from stalwart_agents.tools import ToolBox

__all__ = ["desk_runtime"]


def desk_runtime(
    loaded: AgentFile,
    index: int,
    names: tuple[str, ...],
    store: RunStore,
    model: ModelProvider | None,
    servers: Servers,
) -> Runtime:
    """The runtime of the file's agent at `index`, limited to the tools it names."""
    return Runtime(
        agent_file=loaded,
        agent=loaded.agents[index],
        tools=ToolBox(loaded, servers.functions),
        policy=Check(loaded),
        store=store,
        step=agent_step(loaded, index),
        model=model,
        catalogue=tuple(
            tool_schema(name, loaded.tools[name].description, loaded.tools[name].arguments)
            for name in names
        ),
        allowed=frozenset(names),
        untrusted={name for name, tool in loaded.tools.items() if tool.untrusted},
    )
