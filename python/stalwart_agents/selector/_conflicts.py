"""Two phrases of one shape in different tools: the vocabulary refuses them unless some slot tells
them apart, since a turn they both read would plan either tool."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from stalwart_agents.selector._errors import VocabularyError
from stalwart_agents.selector._grammar import Template
from stalwart_agents.selector._slots import IdentifierSlot, MoneySlot, NumberSlot

__all__ = ["check_conflicts"]


def check_conflicts(path: Path, templates: Sequence[Template]) -> None:
    """Refuse two phrases of different tools that read the same text into different plans."""
    seen: dict[tuple[str | None, ...], Template] = {}
    for template in templates:
        earlier = seen.setdefault(template.shape, template)
        if earlier is template:
            continue
        if (earlier.tool, earlier.slot_names) == (template.tool, template.slot_names):
            continue
        if not _apart(earlier, template):
            raise VocabularyError(
                path,
                template.line,
                template.key,
                f"the phrase {template.phrase!r} ({template.tool}) reads the same text as "
                f"{earlier.phrase!r} ({earlier.tool}, line {earlier.line}) into a different "
                "plan; reword one of them.",
            )


# Amounts as people type them: a pattern that reads none of them never reads an amount.
_AMOUNTS = ("40", "12.50", "12,50", "1234", "1,234.56", "1.234,56")


def _apart(one: Template, other: Template) -> bool:
    """Two templates of one shape that never read the same text: at some place, one reads an
    identifier whose pattern no amount matches ("ch-4411"), the other a number or an amount."""
    for a, b in zip(one.slot_names, other.slot_names, strict=True):
        pair = (one.slots[a], other.slots[b])
        for ident, number in (pair, pair[::-1]):
            if (
                isinstance(ident, IdentifierSlot)
                and ident.pattern is not None
                and isinstance(number, NumberSlot | MoneySlot)
                and not any(ident.pattern.fullmatch(amount) for amount in _AMOUNTS)
            ):
                return True
    return False
