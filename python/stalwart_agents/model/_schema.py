"""A tool as a model sees it: its JSON Schema, built from the agent file's arguments."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, Protocol

from pydantic import BaseModel, ConfigDict, Field

from stalwart_agents.language import DEFAULT_LANGUAGE, say

__all__ = ["SchemaArgument", "ToolSchema", "tool_schema"]

_JSON_TYPES: Final = {
    "string": "string",
    "integer": "integer",
    "number": "number",
    "boolean": "boolean",
}


class ToolSchema(BaseModel):
    """One tool as a model sees it: its name, what it does, and its arguments as JSON Schema."""

    model_config = ConfigDict(frozen=True)

    name: str
    description: str = ""
    parameters: dict[str, Any] = Field(
        default_factory=lambda: {"type": "object", "properties": {}},
        description="A JSON Schema object whose properties are the tool's arguments.",
    )


class SchemaArgument(Protocol):
    """What the schema reads of an agent file's argument (config.ArgumentSpec is one).

    A Protocol rather than the config class: config imports this package for ModelSettings.
    """

    @property
    def type(self) -> str: ...

    @property
    def required(self) -> bool: ...

    @property
    def description(self) -> str | Mapping[str, str]: ...

    @property
    def from_(self) -> str | None: ...

    @property
    def computed(self) -> object | None: ...


def tool_schema(
    name: str, description: str | Mapping[str, str], arguments: Mapping[str, SchemaArgument]
) -> ToolSchema:
    """A tool as the model sees it: only the arguments a model may write, described in English."""
    properties: dict[str, Any] = {}
    required: list[str] = []
    for arg, argument in arguments.items():
        if argument.from_ is not None or argument.computed is not None:
            continue
        schema: dict[str, Any] = (
            {"type": "string", "format": "date"}
            if argument.type == "date"
            else {"type": _JSON_TYPES[argument.type]}
        )
        if argument.description:
            schema["description"] = say(argument.description, DEFAULT_LANGUAGE)
        properties[arg] = schema
        if argument.required:
            required.append(arg)
    parameters: dict[str, Any] = {"type": "object", "properties": properties}
    if required:
        parameters["required"] = required
    return ToolSchema(
        name=name, description=say(description, DEFAULT_LANGUAGE), parameters=parameters
    )
