"""Agent files read once, for modules that open many desks on one file.

Reading a file starts each of its stdio MCP servers to list their tools (an SDK import, 1-2 s of
CPU), which does not change between a module's desks on the same text; each desk still opens its
own sessions and store.
"""

from __future__ import annotations

from pathlib import Path

from stalwart_agents.config import AgentFile
from stalwart_agents.loading import load_agent_file


class Loads:
    """Each agent file text (in its folder) read once."""

    def __init__(self) -> None:
        self._read: dict[tuple[Path, str], AgentFile] = {}

    def __call__(self, path: Path) -> AgentFile:
        key = (path.parent, path.read_text(encoding="utf-8"))
        if key not in self._read:
            self._read[key] = load_agent_file(path)
        return self._read[key]
