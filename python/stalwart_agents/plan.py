"""What a turn asks for: an ordered list of calls whose every argument value carries its origin."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class Value(BaseModel):
    """One argument value and where it came from, so the check and the interface both read it."""

    model_config = ConfigDict(frozen=True)

    value: Any
    origin: str = Field(description="typed, reply, context, computed, result:<step>, model, agent")
    span: tuple[int, int] | None = Field(
        default=None, description="Where in the turn's text the selector read it (start, end)."
    )


class Call(BaseModel):
    """One tool with its arguments; a missing argument is asked for when the run reaches it."""

    model_config = ConfigDict(frozen=True)

    tool: str
    args: dict[str, Value] = Field(default_factory=dict)


class Plan(BaseModel):
    """What the selector (or, with permission, the model) read from a turn."""

    model_config = ConfigDict(frozen=True)

    calls: tuple[Call, ...] = ()
    text: str = ""
    language: str = "en"
    suggestions: tuple[str, ...] = Field(
        default=(),
        description="For an unread turn, up to three complete requests it comes close to.",
    )

    @property
    def unread(self) -> bool:
        """A plan with no calls means nothing in the turn was read."""
        return not self.calls
