"""A vocabulary file's shape, checked by pydantic, and where each of its keys sits in the file.

Every error the loader raises names the file, the line and the key (`Source.error`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from stalwart_agents.language import UnsupportedLanguage, check_language
from stalwart_agents.selector._errors import VocabularyError
from stalwart_agents.selector._slots import SLOT_TYPES
from stalwart_agents.selector._yaml import Lines
from stalwart_agents.selector._yaml import Path as KeyPath

__all__ = ["SlotSpec", "Source", "ToolSpec", "VocabularyFile"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


_SlotType = Literal["number", "money", "identifier", "text", "one_of", "date"]
if set(get_args(_SlotType)) != set(SLOT_TYPES):  # pragma: no cover - guards the two lists
    raise RuntimeError(f"The file's slot types {get_args(_SlotType)} differ from {SLOT_TYPES}.")


class SlotSpec(_Strict):
    type: _SlotType
    pattern: str | None = None
    after: dict[str, list[str]] | None = None
    values: dict[str, dict[str, list[str]]] | None = None
    example: Any = None
    note: bool = False

    @model_validator(mode="before")
    @classmethod
    def _shorthand(cls, data: Any) -> Any:
        """`amount: money` is short for `amount: {type: money}`."""
        return {"type": data} if isinstance(data, str) else data


class ToolSpec(_Strict):
    slots: dict[str, SlotSpec] = Field(default_factory=dict)
    phrases: dict[str, list[str]] = Field(min_length=1)
    examples: dict[str, list[str]] = Field(default_factory=dict)


class _Settings(_Strict):
    language: str | None = None


class VocabularyFile(_Strict):
    settings: _Settings = Field(default_factory=_Settings)
    joiners: dict[str, list[str]] = Field(default_factory=dict)
    fillers: dict[str, list[str]] = Field(default_factory=dict)
    tools: dict[str, ToolSpec] = Field(min_length=1)
    synonyms: dict[str, dict[str, list[str]]] = Field(default_factory=dict)

    @field_validator("settings", mode="before")
    @classmethod
    def _empty_settings(cls, value: Any) -> Any:
        return {} if value is None else value


class Source:
    """The file being loaded: where its keys are, so every error can name file, line and key."""

    def __init__(self, path: Path, lines: Lines) -> None:
        self.path = path
        self.lines = lines

    def error(self, key: KeyPath, problem: str) -> VocabularyError:
        line = None
        for length in range(len(key), -1, -1):
            if key[:length] in self.lines:
                line = self.lines[key[:length]]
                break
        return VocabularyError(self.path, line, ".".join(str(k) for k in key) or None, problem)

    def language(self, key: KeyPath, tag: str) -> str:
        """A key of the file names a grammar exactly: "en-US" there would be a second "en"."""
        try:
            checked = check_language(tag)
            if checked.casefold() != tag.casefold():
                raise UnsupportedLanguage(tag)
        except UnsupportedLanguage as error:
            raise self.error(key, str(error)) from None
        return checked
