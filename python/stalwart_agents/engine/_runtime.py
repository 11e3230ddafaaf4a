"""What every advance of an agent's runs shares: its file, tools, policy check, store and step."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from stalwart_agents.check import Check
from stalwart_agents.config import AgentFile, AgentSpec
from stalwart_agents.engine._run import Run
from stalwart_agents.model import ModelProvider, ToolSchema
from stalwart_agents.plan import Plan
from stalwart_agents.store import RunStore
from stalwart_agents.tools import ToolBox

__all__ = ["Runtime", "StepFunction", "Turn"]


@dataclass(frozen=True)
class Turn:
    """One message from a person, as a step sees it."""

    text: str
    plan: Plan
    context: Mapping[str, Any] = field(default_factory=dict)
    language: str = "en"


StepFunction = Callable[[Run, Turn], Awaitable[str | None]]
"""`async def step(run, turn)`; it may return the reply's text."""


@dataclass
class Runtime:
    """An agent ready to advance runs; built once per desk."""

    agent_file: AgentFile
    agent: AgentSpec
    tools: ToolBox
    policy: Check
    """The policy check each call meets before it runs: refuse, confirm or run."""
    store: RunStore
    step: StepFunction
    model: ModelProvider | None
    catalogue: tuple[ToolSchema, ...]
    """The agent's tools as the model sees them."""
    allowed: frozenset[str]
    """The tools this agent may call; their undos run whatever the list says."""
    untrusted: set[str] = field(default_factory=set)
    outbox: float | None = None
    """With a receiver for new pauses: how long the turn's own attempt has before the outbox's
    sweep may send a new pause's delivery. None: no receiver, nothing queued."""

    @property
    def lease_seconds(self) -> float:
        return self.agent_file.runs.lease_seconds
