"""What one call of a turn takes from another: a fronted object, "it", and negations.

- A fronted object: "to order 4411, charge 40" reads as a bare "order 4411" (a phrase of one
  word of its own, a word that names the order in phrases of several tools), a mark or nothing
  ("pedido 4411 cobrar 40"), then a call that lacks the order: the call takes it. "find 4411,
  cancel it" is two calls: "find" names no thing. A bare "order 4411" after a mark goes back
  to the call before it that lacks the order: "cancel it - order 4411".
- "it": "look up order 5120 and cancel it" plans the cancel with the order read earlier in the
  turn, when the call's stretch of the turn holds a pronoun of the language, or when the call
  reads nothing at all ("busque o pedido 5120 e cancele", a silent "it"); "them": "find
  orders 1 and 2 and cancel them" plans a cancel for each order of the list.
- A negation ("don't", "no need", "não", "n", "sem") anywhere outside the inside of free text
  means the turn is unread: a turn that says not to act is never a plan.
- A turn that only points back ("cancel that", "cancela isso") names nothing it holds: unread.

Each value a call takes keeps the span it was read from, so the plan still explains itself.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import product
from typing import Any

from stalwart_agents.selector._grammar import Grammar
from stalwart_agents.selector._matching import Match
from stalwart_agents.selector._phrases import SlotRef, Word
from stalwart_agents.selector._slots import OneOfSlot, Slot
from stalwart_agents.selector._text import FINAL_MARKS, Kind
from stalwart_agents.selector._turn import TokenizedTurn

__all__ = ["Reading", "negated", "pointless", "resolve", "stray"]

Arg = tuple[Any, tuple[int, int]]


@dataclass
class Reading:
    """One call as the turn finally reads it: the tool and its arguments with their spans."""

    tool: str
    args: dict[str, Arg]
    match: Match


def _introduced(turn: TokenizedTurn, match: Match, name: str, start: int) -> bool:
    """Free text the phrase introduces with a word ("because ..."), not one after a mark alone,
    nor one after a filler of the phrase the turn left out ("due no to ...")."""
    elements = match.template.elements
    at = elements.index(SlotRef(name))
    if not match.template.introduced(at):
        return False
    previous = elements[at - 1]
    if not (isinstance(previous, Word) and previous.optional):
        return True
    before = [token.norm for token in turn.tokens if token.end <= start]
    return bool(before) and before[-1] == previous.norm


def negated(turn: TokenizedTurn, matches: Sequence[Match]) -> bool:
    """Whether a negation stands where it negates the turn.

    A negation the vocabulary wrote is not one: a word of the phrase that read it ("não aceitar
    o cartão"), or inside a one_of value ("not paid"). Nor is one inside free text that a word
    of the phrase introduces, as long as free text does not end with it: "because the customer
    didn't want it" is a reason, "saying thanks? no" is not a body, and "cancel 4411, no wait"
    is no reason at all.
    """
    return stray(turn, matches, turn.profile.negates)


def stray(turn: TokenizedTurn, matches: Sequence[Match], kind: Callable[[str], bool]) -> bool:
    """Whether a word of `kind` stands outside what the matches read: neither a word of the
    phrase that read it, nor inside a one_of value, nor inside free text a phrase's word
    introduces (up to its last word)."""
    allowed: list[tuple[int, int]] = []
    written: list[tuple[int, int, frozenset[str]]] = []
    for match in matches:
        words = frozenset(e.norm for e in match.template.elements if isinstance(e, Word))
        written.append((turn.tokens[match.start].start, turn.tokens[match.end - 1].end, words))
        for name, _value, (start, end) in match.args:
            slot = match.template.slots[name]
            if slot.free and _introduced(turn, match, name, start):
                # Up to its last word, before any final mark it kept ("saying thanks no?").
                typed = turn.text[start:end].rstrip(FINAL_MARKS + " ")
                allowed.append((start, start + len(typed) - 1))
            elif isinstance(slot, OneOfSlot):
                allowed.append((start, end))
    for token in turn.tokens:
        if token.kind is not Kind.WORD or not kind(token.norm):
            continue
        if any(start <= token.start and token.end <= end for start, end in allowed):
            continue
        if any(s <= token.start and token.end <= e and token.norm in w for s, e, w in written):
            continue
        return True
    return False


def pointless(turn: TokenizedTurn, readings: Sequence[Reading]) -> bool:
    """Whether the turn only points at something said before: "cancel that", "cancela isso".

    A call that takes values but read none, in a turn where no call read any, with "it" or
    "that" in it, names a thing the turn does not hold; it often means "never mind" in chat,
    so the turn is unread rather than a call that asks which one. Free text names no thing:
    "cancel it because she asked" points back as "cancel it" does.
    """
    if not readings or any(
        not reading.match.template.slots[name].free for reading in readings for name in reading.args
    ):
        return False
    if not any(reading.match.template.slots for reading in readings):
        return False
    profile = turn.profile
    pointers = profile.pronouns | profile.plural_pronouns | profile.demonstratives
    return any(norm in pointers for norm in turn.norms)


def _unjoined(turn: TokenizedTurn, start: int, end: int) -> bool:
    """Tokens [start, end) hold no joiner word: marks (",", ":") and fillers at most."""
    return all(turn.tokens[i].kind is Kind.BREAK or turn.inside[i] for i in range(start, end))


def _glued(turn: TokenizedTurn, start: int, end: int) -> bool:
    """Tokens [start, end) hold no mark and no joiner, nor did the first call keep a final
    mark: nothing parts the two calls."""
    return not turn.ends_marked(start) and not any(turn.separators[i] for i in range(start, end))


def _fronted(
    turn: TokenizedTurn, readings: list[Reading], grammar: Grammar
) -> list[Reading] | None:
    """Each fronted object given to the call after it; None when a bare call stands glued to
    a call that cannot take it ("order 4411 refund ch-1"), which reads as nothing sure."""
    merged: list[Reading] = []
    for reading in readings:
        if merged and merged[-1].match is not reading.match:
            front = merged[-1]
            slots = reading.match.template.slots
            takes = all(name in slots and name not in reading.args for name in front.args)
            start, end = front.match.end, reading.match.start
            fronts = grammar.fronts(front.match.template) and bool(front.args)
            if fronts and takes and _unjoined(turn, start, end):
                reading.args = {**front.args, **reading.args}
                merged[-1] = reading
                continue
            # A trailing object: "cancel it - order 4411".
            trails = grammar.fronts(reading.match.template) and bool(reading.args)
            slots = front.match.template.slots
            taken = all(name in slots and name not in front.args for name in reading.args)
            if trails and taken and _unjoined(turn, start, end):
                front.args = {**front.args, **reading.args}
                continue
            if _glued(turn, start, end):
                return None
        merged.append(reading)
    return merged


def _earlier(done: list[Reading], name: str, slot: Slot) -> list[Arg]:
    """The values of `name` in the latest earlier call that read it: several, from a list."""
    for reading in reversed(done):
        if name in reading.args and type(reading.match.template.slots[name]) is type(slot):
            found: list[Arg] = []
            for same in done:
                value = same.args.get(name)
                if same.match is reading.match and value is not None and value not in found:
                    found.append(value)
            return found
    return []


def _pronouns(turn: TokenizedTurn, readings: list[Reading]) -> list[Reading]:
    """ "it" takes one value read earlier in the turn, "them" each value of an earlier list.

    "it" after a list, or "them" after one value, names nothing sure: the argument stays missing
    and the run asks for it. "them" makes a call per value only where the call takes no amount.
    """
    done: list[Reading] = []
    profile = turn.profile
    for index, reading in enumerate(readings):
        match = reading.match
        later = [r.match.start for r in readings[index + 1 :] if r.match is not match]
        stretch = turn.norms[match.start : later[0] if later else len(turn.tokens)]
        plural = any(word in profile.plural_pronouns for word in stretch)
        # A later verb with nothing after it ("busque o pedido 5120 e cancele") has a silent "it";
        # one that reads its other values but not the thing ("reopen 5536 and charge $175") has
        # it elided, and takes the thing only (never an amount or free text).
        silent = bool(done) and not reading.args
        elided = bool(done) and not silent
        pronoun = any(word in profile.pronouns for word in stretch)
        if not plural and not silent and not elided and not pronoun:
            done.append(reading)
            continue
        copies = [reading]
        for name, slot in match.template.slots.items():
            if name in reading.args or (elided and not pronoun and not plural and not slot.listed):
                continue
            found = _earlier(done, name, slot)
            if not found or (len(found) > 1) != plural or (plural and not match.template.lists):
                continue
            copies = [
                Reading(copy.tool, {**copy.args, name: value}, match)
                for copy in copies
                for value in found
            ]
        done.extend(copies)
    return done


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


def resolve(turn: TokenizedTurn, matches: Sequence[Match], grammar: Grammar) -> list[Reading]:
    """The calls of a turn once fronted objects and pronouns are given to the calls they name."""
    readings = [reading for match in matches for reading in _each(match)]
    fronted = _fronted(turn, readings, grammar)
    return [] if fronted is None else _pronouns(turn, fronted)
