"""The "Try it" sentences: written in the file, or made from each phrase with sample values."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass

from stalwart_agents.selector._grammar import Grammar, Template
from stalwart_agents.selector._matching import Match, read_turn
from stalwart_agents.selector._phrases import SlotRef
from stalwart_agents.selector._turn import TokenizedTurn

__all__ = ["Example", "examples_for", "misreading"]


@dataclass(frozen=True)
class Example:
    """One sentence a person may try, and where it comes from."""

    tool: str
    text: str
    # The phrase it was made from; None when the vocabulary wrote the sentence itself.
    template: Template | None
    # Its place in the tool's `examples:` list, when written there.
    index: int = 0


def _render(template: Template, grammar: Grammar, today: dt.date) -> str:
    parts = [
        template.slots[e.name].sample(grammar.profile, today) if isinstance(e, SlotRef) else e.text
        for e in template.elements
    ]
    return " ".join(parts)


def examples_for(
    grammar: Grammar, written: Mapping[str, Mapping[str, tuple[str, ...]]], today: dt.date
) -> list[Example]:
    """Every tool's examples in this grammar's language, tools and sentences in file order."""
    tag = grammar.profile.tag
    examples: list[Example] = []
    done: set[str] = set()
    for template in grammar.templates:
        tool = template.tool
        sentences = written.get(tool, {}).get(tag)
        if sentences is not None:
            if tool not in done:
                examples += [Example(tool, text, None, i) for i, text in enumerate(sentences)]
                done.add(tool)
        elif template.variant == 0:
            text = _render(template, grammar, today)
            if all(e.text != text or e.tool != tool for e in examples):
                examples.append(Example(tool, text, template))
    return examples


def _describe(matches: tuple[Match, ...]) -> str:
    if not matches:
        return "nothing"
    return " then ".join(
        f"{m.template.tool}({', '.join(name for name, _, _ in m.args)})" for m in matches
    )


def misreading(example: Example, grammar: Grammar, today: dt.date) -> str | None:
    """What the example reads as, unless that is its own tool with its phrase's slots."""
    turn = TokenizedTurn.read(
        example.text,
        grammar.profile,
        today,
        grammar.fillers,
        grammar.joiners,
        synonyms=grammar.synonyms,
    )
    matches = read_turn(turn, grammar)
    if len(matches) == 1 and matches[0].template.tool == example.tool:
        wanted = None if example.template is None else set(example.template.slot_names)
        if wanted is None or wanted == {name for name, _, _ in matches[0].args}:
            return None
    return _describe(matches)
