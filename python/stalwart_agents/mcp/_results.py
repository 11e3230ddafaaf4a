"""What an MCP tool's answer becomes: its structured content (or JSON text) as the result."""

from __future__ import annotations

import json
from typing import Any

from mcp import types

from stalwart_agents.mcp._errors import ToolError

__all__ = ["result_of"]


def _texts(result: types.CallToolResult) -> list[str]:
    return [block.text for block in result.content if isinstance(block, types.TextContent)]


def _images(result: types.CallToolResult, server: str) -> list[dict[str, str]]:
    # Carried as data the reply holds, so the page makes no request to the server for it.
    return [
        {"url": f"data:{block.mime_type};base64,{block.data}", "alt": f"An image from {server}"}
        for block in result.content
        if isinstance(block, types.ImageContent) and block.mime_type.startswith("image/")
    ]


_WRAPPER = "result"
"""The one key under which the MCP SDK writes a tool's return that is not an object."""


def _unwrapped(structured: dict[str, Any], texts: list[str]) -> Any:
    """What the tool returned where the SDK wrapped it as {"result": ...}: `null` stays None.

    The SDK wraps a return that is not an object (an optional one too), and writes the value
    itself as the text beside it, none for None; an object that merely has a `result` key is
    written whole, so it is kept as it is.
    """
    if list(structured) != [_WRAPPER]:
        return structured
    value = structured[_WRAPPER]
    if not texts:
        return structured if value is not None else None
    if len(texts) == 1:
        try:
            if json.loads(texts[0]) == value:
                return value
        except ValueError:
            pass
    return structured


def result_of(server: str, tool: str, result: types.CallToolResult) -> Any:
    """The result later steps, `shows`, facts and undo read; ToolError for an error result.

    Text that is not JSON, and images, are kept as outside content, with the server they came
    from: the reply shows them quoted (engine/_shows.py's `outside`).
    """
    texts = _texts(result)
    if result.is_error:
        # The SDK's servers prefix the tool's own sentence; the person reads the sentence.
        said = " ".join(text.removeprefix(f"Error executing tool {tool}: ") for text in texts)
        raise ToolError(said.strip() or f"The {server} server's {tool} failed.")
    if result.structured_content is not None:
        return _unwrapped(result.structured_content, texts)
    images = _images(result, server)
    if len(texts) == 1 and not images:
        try:
            return json.loads(texts[0])
        except ValueError:
            pass
    if not texts and not images:
        return None
    return {"text": "\n".join(texts), "images": images, "server": server}
