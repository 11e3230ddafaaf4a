"""A tool message whose content is JSON, told as the chat tells a result: labelled, never raw."""

from __future__ import annotations

import json
from typing import Any, Final

from stalwart_agents.config import ToolSpec
from stalwart_agents.wording import phrase, reply_sentence, result_items, title

__all__ = ["tables", "told"]

# A graph's tool has no agent.yaml entry: its keys are labelled as the chat labels any result's.
_UNDECLARED: Final = ToolSpec(function="none:none")


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


def told(message: Any, language: str) -> str | None:
    """The reply's sentence for a tool's JSON ("Done: Read inbox (From: …)"); None otherwise."""
    found = _result(message)
    if found is None:
        return None
    name, value = found
    return reply_sentence(_UNDECLARED, name, {}, value, language)


def tables(message: Any, language: str) -> list[dict[str, Any]]:
    """The ResultTable the chat draws for a tool's JSON: a table, or one per item of a list."""
    found = _result(message)
    if found is None:
        return []
    name, value = found
    named = title(_UNDECLARED, name, language)
    return [
        {
            "step": 0,
            "tool": name,
            "title": named,
            "said": reply_sentence(_UNDECLARED, name, {}, value, language),
            "done": phrase(language, "done", tool=named),
            "items": result_items(_UNDECLARED, {}, value, language),
            "outside": False,
            "server": None,
            "images": [],
        }
    ]
