"""The reply's words, in the run's language, composed from what the advance did."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from stalwart_agents.config import ToolSpec
from stalwart_agents.wording import phrase, title

__all__ = ["Summary", "compose"]


@dataclass
class Summary:
    """What one advance did, for the reply; it survives a reload within the same advance."""

    done: list[tuple[int, str, str]] = field(default_factory=list)
    """(step, tool, the sentence that tells its result: without what its shows: displays)"""
    skipped_by_person: list[str] = field(default_factory=list)
    skipped: list[tuple[str, str]] = field(default_factory=list)
    """(tool, the skipped tool it needed)"""
    failed: tuple[str, str] | None = None
    refusal: dict[str, Any] | None = None
    rollback: dict[str, Any] | None = None
    cancelled: bool = False
    not_run: str | None = None
    """A correction's message its worker died before running; the person is asked to resend."""
    said: str | None = None
    unread: bool = False
    """Nothing read the turn and nothing will: the interface offers what the agent can do."""
    model: dict[str, Any] | None = None
    """The spec's ModelNote, where the turn was handed to a model."""
    results: list[dict[str, Any]] = field(default_factory=list)
    """What completed calls returned that their tools' replies do not tell, as ResultTables."""
    new_pauses: list[str] = field(default_factory=list)


def compose(
    summary: Summary, waiting: list[dict[str, Any]], language: str, tools: Mapping[str, ToolSpec]
) -> str:
    """The reply's text: what ran, what was skipped, refused or undone, and what waits."""

    def named(tool: str) -> str:
        return title(tools.get(tool), tool, language)

    def listed(entries: list[dict[str, Any]]) -> str:
        # Each write in plain words with its values, where the report has them.
        return ", ".join(entry.get("call") or named(entry["tool"]) for entry in entries)

    lines: list[str] = [sentence for _, _, sentence in summary.done]
    lines.extend(
        phrase(language, "skipped", tool=named(tool)) for tool in summary.skipped_by_person
    )
    lines.extend(
        phrase(language, "dependent", tool=named(tool), because=named(because))
        for tool, because in summary.skipped
    )
    if summary.failed is not None:
        tool, error = summary.failed
        lines.append(
            phrase(language, "failed" if error else "failed_quietly", tool=named(tool), error=error)
        )
    if summary.refusal is not None:
        lines.append(summary.refusal["sentence"])
    if summary.cancelled:
        lines.append(phrase(language, "cancelled"))
    report = summary.rollback
    if report is not None:
        for key in ("undone", "not_undoable", "stuck"):
            if report[key]:
                lines.append(phrase(language, key, tools=listed(report[key])))
    if summary.not_run:
        lines.append(phrase(language, "not_run", text=summary.not_run))
    if summary.said:
        lines.append(summary.said)
    if waiting:
        lines.append(phrase(language, "waiting"))
        lines.extend(str(pause["wording"]) for pause in waiting if pause.get("wording"))
    return " ".join(lines) if lines else phrase(language, "nothing")
