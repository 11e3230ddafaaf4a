"""What a reply shows besides its words: the sources, images and files its calls' results name.

A tool's `shows:` in agent.yaml says where in its result each of them is. Only the calls that
completed in the advance the reply tells of count, read from the journal as it is stored, so the
reply a worker builds again after a reload is the same. A value of the wrong shape is left out
with a warning that names the tool: a tool's slip never fails the turn.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping
from typing import Any, Final
from urllib.parse import urlsplit

from stalwart_agents.config import ShowsSpec, ToolSpec, dig
from stalwart_agents.store import JournalEntry

__all__ = ["Shown", "gather", "outside", "told"]

logger = logging.getLogger("stalwart_agents.engine")

_KINDS: Final = ("sources", "images", "files")

Shown = dict[str, list[dict[str, Any]]]
"""Each kind's items, as TurnReply and the reply event carry them."""

# Each kind's text keys besides `url`: the ones an item must have, and the ones it may leave out.
_TEXTS: Final[dict[str, tuple[tuple[str, ...], tuple[str, ...]]]] = {
    "sources": (("title",), ()),
    "images": ((), ("alt",)),
    "files": (("name",), ()),
}
_SHAPES: Final = {"sources": "{title, url}", "images": "{url, alt}", "files": "{name, url}"}


def gather(
    done: Iterable[tuple[int, str, Any]],
    journal: Mapping[int, JournalEntry],
    tools: Mapping[str, ToolSpec],
) -> Shown:
    """What the completed calls show, in the order they completed, each URL once per kind."""
    found: Shown = {kind: [] for kind in _KINDS}
    for step, name, _ in done:
        shows = tools[name].shows
        if shows is None:
            continue
        for kind, keys in shows.paths().items():
            for item in _items(name, kind, dig(journal[step]["result"], keys)):
                if all(item["url"] != seen["url"] for seen in found[kind]):
                    found[kind].append(item)
    return found


def outside(result: Any, server: str | None) -> tuple[Any, list[dict[str, str]]] | None:
    """An MCP result's outside text and images (mcp/_results.py's shape), else None."""
    if server is None or not isinstance(result, dict) or result.get("server") != server:
        return None
    if set(result) != {"text", "images", "server"}:
        return None
    text = {"text": result["text"]} if result["text"] else None
    return text, list(result["images"])


def told(result: Any, shows: ShowsSpec | None) -> Any:
    """The result as the reply's words tell it: what `shows:` puts on display is left out."""
    if shows is None:
        return result
    for keys in shows.paths().values():
        result = _without(result, keys)
    return result


def _without(value: Any, keys: list[str]) -> Any:
    if not keys:
        return None
    if not isinstance(value, dict) or keys[0] not in value:
        return value
    if len(keys) == 1:
        return {key: item for key, item in value.items() if key != keys[0]}
    return {**value, keys[0]: _without(value[keys[0]], keys[1:])}


def _items(tool: str, kind: str, value: Any) -> list[dict[str, Any]]:
    if value is None:
        return []
    if not isinstance(value, list):
        logger.warning(
            "The tool %s returned a %s where shows.%s expects a list of %s; none is shown.",
            tool,
            type(value).__name__,
            kind,
            _SHAPES[kind],
        )
        return []
    items = []
    for index, raw in enumerate(value):
        item = _item(kind, raw)
        if item is None:
            logger.warning(
                "The tool %s gave shows.%s[%d] that is not %s with an http(s) or relative URL; "
                "it is not shown.",
                tool,
                kind,
                index,
                _SHAPES[kind],
            )
        else:
            items.append(item)
    return items


def _item(kind: str, raw: Any) -> dict[str, Any] | None:
    """One item as the reply carries it, or None when it is not of its kind's shape."""
    if not isinstance(raw, dict):
        return None
    link = _link(raw.get("url"))
    if link is None:
        return None
    required, optional = _TEXTS[kind]
    item: dict[str, Any] = {}
    for key in required:
        text = raw.get(key)
        if not isinstance(text, str) or not text.strip():
            return None
        item[key] = text
    for key in optional:
        text = raw.get(key, "")
        if not isinstance(text, str):
            return None
        item[key] = text
    url, server = link
    item["url"] = url
    if kind == "sources":
        item["server"] = server
    return item


def _link(url: Any) -> tuple[str, str | None] | None:
    """A URL and its server: the host of an absolute one, None for one on the page's own server.

    Only http(s) and relative URLs are links; any other scheme is None.
    """
    if not isinstance(url, str) or not url.strip():
        return None
    url = url.strip()
    try:
        parts = urlsplit(url)
        host = parts.hostname
    except ValueError:
        return None
    if parts.netloc:
        return (url, host) if parts.scheme in ("", "http", "https") and host else None
    return None if parts.scheme else (url, None)
