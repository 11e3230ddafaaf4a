"""What the engine hands a model, and what a model provider must do with it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from pydantic import BaseModel, ConfigDict, Field

from stalwart_agents.plan import Call

__all__ = ["ModelProvider", "ToolSpec"]


class ToolSpec(BaseModel):
    """One tool as a model sees it: its name, what it does, and its arguments as JSON Schema."""

    model_config = ConfigDict(frozen=True)

    name: str
    description: str = ""
    parameters: dict[str, Any] = Field(
        default_factory=lambda: {"type": "object", "properties": {}},
        description="A JSON Schema object whose properties are the tool's arguments.",
    )


class ModelProvider(Protocol):
    """A model that proposes calls for a turn the selector could not read."""

    async def propose(self, text: str, tools: Sequence[ToolSpec], language: str) -> list[Call]:
        """The calls the model proposes for `text`, in order, every value of origin `model`.

        An empty list means the model found no tool that fits.

        Raises:
            ModelError: the provider failed or answered with something other than calls.
        """
        ...
