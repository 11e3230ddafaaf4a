"""The reply's words, in the run's language, composed from what the advance did."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from stalwart_agents._generated.enums import Kind

__all__ = ["Summary", "compose", "phrase"]

_PHRASES: Final[dict[str, dict[str, str]]] = {
    "en": {
        "done": "Done: {tool}.",
        "result": "{tool}: {result}.",
        "waiting": "Waiting for your decision.",
        "skipped": "Skipped {tool}.",
        "dependent": "Did not run {tool}: it needed {because}, which was skipped.",
        "failed": "{tool} did not work: {error}",
        "failed_quietly": "{tool} did not work.",
        "undone": "Undone: {tools}.",
        "not_undoable": "Could not be undone: {tools}.",
        "stuck": "Still to undo: {tools}.",
        "cancelled": "Cancelled; nothing more runs.",
        "unread": "I couldn't work that out, so I did nothing.",
        "declined": "I can't help with that.",
        "no_model": "I can't help with that: no AI model is set up to read it.",
        "model_failed": "I can't help with that right now: the AI model did not answer.",
        "nothing": "Nothing to do.",
        "question": "What {argument} should {tool} use?",
        "bad_value": "{problem} What {argument} should {tool} use?",
        "unknown": "The worker that sent it stopped before it recorded the result.",
        "timeout": "{tool} did not answer within {seconds} seconds.",
        Kind.DELEGATE: "I couldn't work that out. Shall I pass it to the assistant?",
        "stuck_pause": "Undoing {tool} did not work. What should happen?",
        "did_it": "Did {tool} go through?",
    },
    "pt-BR": {
        "done": "Feito: {tool}.",
        "result": "{tool}: {result}.",
        "waiting": "Aguardando sua decisão.",
        "skipped": "{tool} foi pulado.",
        "dependent": "{tool} não foi executado: precisava de {because}, que foi pulado.",
        "failed": "{tool} não funcionou: {error}",
        "failed_quietly": "{tool} não funcionou.",
        "undone": "Desfeito: {tools}.",
        "not_undoable": "Não foi possível desfazer: {tools}.",
        "stuck": "Ainda falta desfazer: {tools}.",
        "cancelled": "Cancelado; nada mais será executado.",
        "unread": "Não consegui entender, então não fiz nada.",
        "declined": "Não posso ajudar com isso.",
        "no_model": "Não posso ajudar com isso: nenhum modelo de IA está configurado para ler.",
        "model_failed": "Não posso ajudar com isso agora: o modelo de IA não respondeu.",
        "nothing": "Nada a fazer.",
        "question": "Qual {argument} {tool} deve usar?",
        "bad_value": "{problem} Qual {argument} {tool} deve usar?",
        "unknown": "O processo que o enviou parou antes de registrar o resultado.",
        "timeout": "{tool} não respondeu em {seconds} segundos.",
        Kind.DELEGATE: "Não consegui entender. Posso passar para o assistente?",
        "stuck_pause": "Desfazer {tool} não funcionou. O que deve acontecer?",
        "did_it": "{tool} foi concluído?",
    },
}


def phrase(language: str, key: str, **values: Any) -> str:
    """One phrase in the run's language (English when the language has none)."""
    table = _PHRASES.get(language, _PHRASES["en"])
    return table[key].format(**values)


@dataclass
class Summary:
    """What one advance did, for the reply; it survives a reload within the same advance."""

    done: list[tuple[int, str, Any]] = field(default_factory=list)
    """(step, tool, its result as the words tell it: without what the tool's shows: displays)"""
    skipped_by_person: list[str] = field(default_factory=list)
    skipped: list[tuple[str, str]] = field(default_factory=list)
    """(tool, the skipped tool it needed)"""
    failed: tuple[str, str] | None = None
    refusal: dict[str, Any] | None = None
    rollback: dict[str, Any] | None = None
    cancelled: bool = False
    said: str | None = None
    new_pauses: list[str] = field(default_factory=list)


def _result(result: Any) -> str:
    if isinstance(result, Mapping):
        return ", ".join(f"{key}: {value}" for key, value in result.items())
    if isinstance(result, list):
        return ", ".join(str(item) for item in result)
    return str(result)


def _tools(entries: list[dict[str, Any]]) -> str:
    return ", ".join(entry["tool"] for entry in entries)


def compose(summary: Summary, waiting: list[dict[str, Any]], language: str) -> str:
    """The reply's text: what ran, what was skipped, refused or undone, and what waits."""
    lines: list[str] = []
    for _, tool, result in summary.done:
        if result is None or result == {} or result == []:
            lines.append(phrase(language, "done", tool=tool))
        else:
            lines.append(phrase(language, "result", tool=tool, result=_result(result)))
    lines.extend(phrase(language, "skipped", tool=tool) for tool in summary.skipped_by_person)
    lines.extend(
        phrase(language, "dependent", tool=tool, because=because)
        for tool, because in summary.skipped
    )
    if summary.failed is not None:
        tool, error = summary.failed
        lines.append(
            phrase(language, "failed" if error else "failed_quietly", tool=tool, error=error)
        )
    if summary.refusal is not None:
        lines.append(summary.refusal["sentence"])
    if summary.cancelled:
        lines.append(phrase(language, "cancelled"))
    report = summary.rollback
    if report is not None:
        for key in ("undone", "not_undoable", "stuck"):
            if report[key]:
                lines.append(phrase(language, key, tools=_tools(report[key])))
    if summary.said:
        lines.append(summary.said)
    if waiting:
        lines.append(phrase(language, "waiting"))
        lines.extend(str(pause["wording"]) for pause in waiting if pause.get("wording"))
    return " ".join(lines) if lines else phrase(language, "nothing")
