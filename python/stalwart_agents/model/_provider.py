"""What the engine hands a model, what it gets back, and what a model provider must do."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from pydantic import BaseModel, ConfigDict, Field

from stalwart_agents.model._schema import ToolSchema
from stalwart_agents.plan import Call

__all__ = ["ASK_PERSON", "Asked", "ModelAnswer", "ModelProvider", "Question", "Ran", "Usage"]

# The tool every model is offered besides the agent's: a question back to the person.
ASK_PERSON = ToolSchema(
    name="ask_person",
    description=(
        "Ask the person one short question, in their language, when the request lacks something "
        "only they can tell. Their answer comes back as this call's result."
    ),
    parameters={
        "type": "object",
        "properties": {"question": {"type": "string"}},
        "required": ["question"],
    },
)


class Usage(BaseModel):
    """The provider's own token counts for one answer: what a reply that used a model cost."""

    model_config = ConfigDict(frozen=True)

    input_tokens: int | None = Field(default=None, ge=0)
    output_tokens: int | None = Field(default=None, ge=0)


class Question(BaseModel):
    """The model asks the person something, through its call `id` of ask_person."""

    model_config = ConfigDict(frozen=True)

    id: str
    text: str


class Asked(BaseModel):
    """A question the model asked and the person's answer, sent back with the conversation."""

    model_config = ConfigDict(frozen=True)

    id: str
    question: str
    answer: str


class Ran(BaseModel):
    """A call the model proposed that ran unasked (a read), sent back so it can go on from it."""

    model_config = ConfigDict(frozen=True)

    id: str = Field(description="The call's id as the provider gave it; its result answers it.")
    tool: str
    args: dict[str, Any] = Field(default_factory=dict)
    result: Any = None


class ModelAnswer(BaseModel):
    """What the model answered: the calls it proposes, in order, and any words it wrote."""

    model_config = ConfigDict(frozen=True)

    calls: list[Call] = Field(default_factory=list)
    ids: list[str] = Field(
        default_factory=list, description="Each call's id as the provider gave it, in order."
    )
    text: str = Field(default="", description="The model's own words, where it wrote any.")
    usage: Usage = Field(default_factory=Usage)
    question: Question | None = Field(
        default=None, description="A question back to the person, in place of any call."
    )


class ModelProvider(Protocol):
    """A model that proposes calls for a turn the selector could not read."""

    async def propose(
        self,
        text: str,
        tools: Sequence[ToolSchema],
        language: str,
        asked: Sequence[Asked] = (),
        ran: Sequence[Sequence[Ran]] = (),
    ) -> ModelAnswer:
        """The model's answer to `text`: its calls, every value of origin `model`, its words, or
        a question back; `ran` is each earlier answer's reads with their results, and `asked`
        each question it asked since, with its answer.

        No calls and no words means the model found nothing to do.

        Raises:
            ModelError: the provider failed or answered with something other than its shape.
        """
        ...
