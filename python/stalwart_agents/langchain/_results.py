"""A tool message whose content is JSON, told as the chat tells a result: labelled, never raw."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Final

from pydantic import ValidationError

from stalwart_agents.config import ToolSpec
from stalwart_agents.wording import phrase, reply_sentence, result_items, title

__all__ = ["ToolWords", "message_text", "read_tools", "tables", "told"]

# A graph's tool has no agent.yaml entry: its keys are labelled as the chat labels any result's.
_UNDECLARED: Final = ToolSpec(function="none:none")
# What a team may tell of a graph's tool, as agent.yaml's tools.<name> says it.
_WORDS: Final = ("title", "result")

ToolWords = Mapping[str, ToolSpec]
"""Each graph tool's title and result labels, by the tool's name."""


def read_tools(given: Mapping[str, Mapping[str, Any]] | None) -> dict[str, ToolSpec]:
    """The `tools=` option: per tool, its `title` and `result`, as agent.yaml writes them."""
    read: dict[str, ToolSpec] = {}
    for name, words in (given or {}).items():
        other = sorted(set(words) - set(_WORDS))
        if other:
            raise ValueError(
                f"tools={{{name!r}: ...}} takes only title and result, not {', '.join(other)}."
            )
        try:
            read[name] = ToolSpec.model_validate({"function": "none:none", **words})
        except ValidationError as error:
            problem = "; ".join(
                f"{'.'.join(str(part) for part in found['loc'])}: {found['msg']}"
                for found in error.errors()
            )
            raise ValueError(f"tools={{{name!r}: ...}}: {problem}.") from None
    return read


def _field(message: Any, name: str) -> Any:
    return message.get(name) if isinstance(message, dict) else getattr(message, name, None)


def _result(message: Any) -> tuple[str, Any] | None:
    """The tool's name and its JSON object or list, where the message is a tool's and holds one."""
    if "tool" not in (_field(message, "type"), _field(message, "role")):
        return None
    content = _field(message, "content")
    try:
        value = json.loads(content) if isinstance(content, str) else None
    except ValueError:
        return None
    if not isinstance(value, dict | list) or not value:
        return None
    name = _field(message, "name")
    return (name if isinstance(name, str) and name else "tool"), value


def _spec(tools: ToolWords | None, name: str) -> ToolSpec:
    """The words the team gave the tool; its keys in words where it gave none."""
    return (tools or {}).get(name, _UNDECLARED)


def told(message: Any, language: str, tools: ToolWords | None = None) -> str | None:
    """The reply's sentence for a tool's JSON ("Done: Read inbox (From: …)"); None otherwise."""
    found = _result(message)
    if found is None:
        return None
    name, value = found
    return reply_sentence(_spec(tools, name), name, {}, value, language)


def tables(message: Any, language: str, tools: ToolWords | None = None) -> list[dict[str, Any]]:
    """The ResultTable the chat draws for a tool's JSON: a table, or one per item of a list."""
    found = _result(message)
    if found is None:
        return []
    name, value = found
    spec = _spec(tools, name)
    named = title(spec, name, language)
    return [
        {
            "step": 0,
            "tool": name,
            "title": named,
            "said": reply_sentence(spec, name, {}, value, language),
            "done": phrase(language, "done", tool=named),
            "items": result_items(spec, {}, value, language),
            "outside": False,
            "server": None,
            "images": [],
        }
    ]


def message_text(message: Any, language: str = "en", tools: ToolWords | None = None) -> str:
    """A LangChain message's text, or a dict message's; "" where it holds no plain text.

    A tool's JSON is told as labelled values, with the words `tools` gives it, so no reply
    shows it raw.
    """
    said = told(message, language, tools)
    if said is not None:
        return said
    if isinstance(message, dict):
        content = message.get("content")
    else:
        content = getattr(message, "content", None)
    return content if isinstance(content, str) else ""
