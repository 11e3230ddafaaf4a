"""What the engine hands a model, and what a model provider must do with it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from stalwart_agents.model._schema import ToolSchema
from stalwart_agents.plan import Call

__all__ = ["ModelProvider"]


class ModelProvider(Protocol):
    """A model that proposes calls for a turn the selector could not read."""

    async def propose(self, text: str, tools: Sequence[ToolSchema], language: str) -> list[Call]:
        """The calls the model proposes for `text`, in order, every value of origin `model`.

        An empty list means the model found no tool that fits.

        Raises:
            ModelError: the provider failed or answered with something other than calls.
        """
        ...
