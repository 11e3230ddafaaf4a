"""What the engine hands a model, what it gets back, and what a model provider must do."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from pydantic import BaseModel, ConfigDict, Field

from stalwart_agents.model._schema import ToolSchema
from stalwart_agents.plan import Call

__all__ = ["ModelAnswer", "ModelProvider", "Usage"]


class Usage(BaseModel):
    """The provider's own token counts for one answer: what a reply that used a model cost."""

    model_config = ConfigDict(frozen=True)

    input_tokens: int | None = Field(default=None, ge=0)
    output_tokens: int | None = Field(default=None, ge=0)


class ModelAnswer(BaseModel):
    """What the model answered: the calls it proposes, in order, and any words it wrote."""

    model_config = ConfigDict(frozen=True)

    calls: list[Call] = Field(default_factory=list)
    text: str = Field(default="", description="The model's own words, where it wrote any.")
    usage: Usage = Field(default_factory=Usage)


class ModelProvider(Protocol):
    """A model that proposes calls for a turn the selector could not read."""

    async def propose(self, text: str, tools: Sequence[ToolSchema], language: str) -> ModelAnswer:
        """The model's answer to `text`: its calls, every value of origin `model`, and its words.

        No calls and no words means the model found nothing to do.

        Raises:
            ModelError: the provider failed or answered with something other than its shape.
        """
        ...
