"""Agent files read once and selectors built once, for modules that open many desks on one file.

Reading a file starts each of its stdio MCP servers to list their tools (an SDK import, 1-2 s of
CPU), and a desk compiles its agent's vocabulary (about 0.6 s for the shop's). Neither changes
between a module's desks on the same text, and a selector only reads, so desks may share both;
each desk still opens its own sessions and store.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from stalwart_agents import desk
from stalwart_agents.config import AgentFile
from stalwart_agents.loading import agent_selector, load_agent_file
from stalwart_agents.selector import Selector


class Loads:
    """Each agent file text (in its folder) read once."""

    def __init__(self) -> None:
        self._read: dict[tuple[Path, str], AgentFile] = {}

    def __call__(self, path: Path) -> AgentFile:
        key = (path.parent, path.read_text(encoding="utf-8"))
        if key not in self._read:
            self._read[key] = load_agent_file(path)
        return self._read[key]


@contextmanager
def selectors_built_once() -> Iterator[None]:
    """While open, desks on one loaded file share its agent's selector."""
    # Each entry keeps its file alive, so no other file can take its id.
    built: dict[tuple[int, int, tuple[str, ...]], tuple[AgentFile, Selector | None]] = {}

    def once(loaded: AgentFile, index: int, names: tuple[str, ...]) -> Selector | None:
        key = (id(loaded), index, names)
        if key not in built:
            built[key] = (loaded, agent_selector(loaded, index, names))
        return built[key][1]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(desk, "agent_selector", once)
        yield
