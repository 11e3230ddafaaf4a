"""What every advance of an agent's runs shares: its file, tools, check, store and step."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from stalwart_agents.check import Check
from stalwart_agents.config import AgentFile, AgentSpec
from stalwart_agents.model import ModelProvider, ToolSchema
from stalwart_agents.plan import Plan
from stalwart_agents.store.base import RunStore
from stalwart_agents.tools import ToolBox

if TYPE_CHECKING:
    from stalwart_agents.engine.run import Run

__all__ = ["Cancel", "Runtime", "StepFunction", "Suspend", "Turn"]


@dataclass(frozen=True)
class Turn:
    """One message from a person, as a step sees it."""

    text: str
    plan: Plan
    context: Mapping[str, Any] = field(default_factory=dict)
    language: str = "en"


StepFunction = Callable[["Run", Turn], Awaitable[str | None]]
"""`async def step(run, turn)`; it may return the reply's text."""


class Suspend(BaseException):
    """A call paused: the step stops here and the run waits for a person.

    A BaseException, so a step's `except Exception` never swallows it.
    """


class Cancel(BaseException):
    """A person answered cancel_all: nothing more runs, and the saga undoes what the run did."""


@dataclass
class Runtime:
    """An agent ready to advance runs; built once per desk."""

    spec: AgentFile
    agent: AgentSpec
    tools: ToolBox
    check: Check
    store: RunStore
    step: StepFunction
    model: ModelProvider | None
    catalogue: tuple[ToolSchema, ...]
    """The agent's tools as the model sees them."""
    allowed: frozenset[str]
    """The tools this agent may call; their undos run whatever the list says."""
    untrusted: set[str] = field(default_factory=set)

    @property
    def lease_seconds(self) -> float:
        return self.spec.runs.lease_seconds
