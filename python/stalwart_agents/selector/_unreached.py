"""A tool no phrase of a language reads: not an error, but every turn asking for it there goes
unread, so `stalwart check` says so and the Desk's load logs it once a process."""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from pathlib import Path

from stalwart_agents.selector._grammar import Template
from stalwart_agents.selector._languages import PROFILES

__all__ = ["unreached", "unreached_warning", "warn_unreached"]

_log = logging.getLogger("stalwart_agents.selector")
# (file, tool, language) already warned of: `stalwart serve` checks the file, then its Desk loads
# it again, and a person reads each warning once.
_warned: set[tuple[Path, str, str]] = set()


def unreached(
    tools: Sequence[str], templates: Mapping[str, list[Template]]
) -> tuple[tuple[str, str], ...]:
    """Each tool and language no phrase reads: turns asking for it go unread there."""
    found: list[tuple[str, str]] = []
    for tag in PROFILES:
        phrased = {template.tool for template in templates[tag]}
        found.extend((tool, tag) for tool in tools if tool not in phrased)
    return tuple(found)


def unreached_warning(path: Path, tool: str, tag: str) -> str:
    """What a person reads of a tool no phrase of a language reads, and what to do about it."""
    return (
        f"{path}: the tool {tool} has no phrase in {tag}, so no {tag} turn can plan it; "
        f"add one under tools.{tool}.phrases.{tag}."
    )


def warn_unreached(path: Path, missing: Sequence[tuple[str, str]]) -> None:
    """Log each unreached tool and language once a process."""
    for tool, tag in missing:
        if (path, tool, tag) not in _warned:
            _warned.add((path, tool, tag))
            _log.warning("%s", unreached_warning(path, tool, tag))
