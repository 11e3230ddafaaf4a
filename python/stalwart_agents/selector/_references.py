"""What one call of a turn takes from another: a fronted object, "it", and negations.

- A fronted object: "to order 4411, charge 40" reads as a bare "order 4411" (a phrase of one
  word of its own), a mark, then a call that lacks the order: the call takes it.
- "it": "look up order 5120 and cancel it" plans the cancel with the order read earlier in the
  turn, when the call's stretch of the turn holds a pronoun of the language.
- A negation ("don't", "no need", "não", "n", "sem") anywhere outside the inside of free text
  means the turn is unread: a turn that says not to act is never a plan.

Each value a call takes keeps the span it was read from, so the plan still explains itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import product
from typing import Any

from stalwart_agents.selector._matching import Match
from stalwart_agents.selector._phrases import Word
from stalwart_agents.selector._slots import OneOfSlot
from stalwart_agents.selector._text import Kind
from stalwart_agents.selector._turn import Turn

__all__ = ["Reading", "negated", "resolve"]

Arg = tuple[Any, tuple[int, int]]


@dataclass
class Reading:
    """One call as the turn finally reads it: the tool and its arguments with their spans."""

    tool: str
    args: dict[str, Arg]
    match: Match


def negated(turn: Turn, matches: Sequence[Match]) -> bool:
    """Whether a negation stands where it negates the turn.

    A negation the vocabulary wrote is not one: a word of the phrase that read it ("não aceitar
    o cartão"), or inside a one_of value ("not paid"). Nor is one inside free text, as long as
    free text does not end with it: "because the customer didn't want it" is a reason, and
    "saying thanks? no" is not a body.
    """
    allowed: list[tuple[int, int]] = []
    written: list[tuple[int, int, frozenset[str]]] = []
    for match in matches:
        words = frozenset(e.norm for e in match.template.elements if isinstance(e, Word))
        written.append((turn.tokens[match.start].start, turn.tokens[match.end - 1].end, words))
        for name, _value, (start, end) in match.args:
            slot = match.template.slots[name]
            if slot.free:
                allowed.append((start, end - 1))
            elif isinstance(slot, OneOfSlot):
                allowed.append((start, end))
    for token in turn.tokens:
        if token.kind is not Kind.WORD or not turn.profile.negates(token.norm):
            continue
        if any(start <= token.start and token.end <= end for start, end in allowed):
            continue
        if any(s <= token.start and token.end <= e and token.norm in w for s, e, w in written):
            continue
        return True
    return False


def _bare(match: Match) -> bool:
    """A call read from a phrase with one word of its own and its slots: "order 4411"."""
    words = [e for e in match.template.elements if isinstance(e, Word) and not e.optional]
    return len(words) == 1 and bool(match.args)


def _marked(turn: Turn, start: int, end: int) -> bool:
    """Tokens [start, end) hold a mark (",", ":") and no joiner word."""
    stretch = range(start, end)
    return any(turn.tokens[i].kind is Kind.BREAK for i in stretch) and all(
        turn.tokens[i].kind is Kind.BREAK or turn.inside[i] for i in stretch
    )


def _fronted(turn: Turn, readings: list[Reading]) -> list[Reading]:
    merged: list[Reading] = []
    for reading in readings:
        if merged:
            front = merged[-1]
            slots = reading.match.template.slots
            takes = all(name in slots and name not in reading.args for name in front.args)
            if _bare(front.match) and takes and _marked(turn, front.match.end, reading.match.start):
                reading.args = {**front.args, **reading.args}
                merged[-1] = reading
                continue
        merged.append(reading)
    return merged


def _pronouns(turn: Turn, readings: list[Reading]) -> None:
    for index, reading in enumerate(readings):
        stop = readings[index + 1].match.start if index + 1 < len(readings) else len(turn.tokens)
        stretch = turn.norms[reading.match.start : stop]
        if not any(word in turn.profile.pronouns for word in stretch):
            continue
        slots = reading.match.template.slots
        for name, slot in slots.items():
            if name in reading.args:
                continue
            for earlier in reversed(readings[:index]):
                found = earlier.args.get(name)
                if found is not None and type(earlier.match.template.slots[name]) is type(slot):
                    reading.args[name] = found
                    break


def _each(match: Match) -> list[Reading]:
    """One call per value of a listed slot ("cancel orders 1 and 2"), in the order typed."""
    values: dict[str, list[Arg]] = {}
    for name, value, span in match.args:
        values.setdefault(name, []).append((value, span))
    names = list(values)
    return [
        Reading(match.template.tool, dict(zip(names, chosen, strict=True)), match)
        for chosen in product(*values.values())
    ]


def resolve(turn: Turn, matches: Sequence[Match]) -> list[Reading]:
    """The calls of a turn once fronted objects and pronouns are given to the calls they name."""
    readings = [reading for match in matches for reading in _each(match)]
    readings = _fronted(turn, readings)
    _pronouns(turn, readings)
    return readings
