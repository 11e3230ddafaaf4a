"""Context before a request: "I placed order 2210 on March 3rd, can you check on it?".

A clause before the request that names no act (no word that opens a phrase: "the lady rang
again" names none), negates nothing, and supposes or reports nothing only tells the story: when
the turn reads no other way, it is read past like chat, numbers and dates included, so none of
them becomes a value. A thing named there with its value ("order 2210"), or a bare number after a
word ("about 5176"), is kept for the request to take ("check on it"); every call must still start
after the context, so a thing named in passing never becomes a call of its own, and a call that
points at a thing ("charge it") but took none from the story is no call at all. A form of an act
beside a value that is no thing ("I was charged 40 twice") is more than a story.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from stalwart_agents.selector._bare import headed, is_bare
from stalwart_agents.selector._chat import clauses, hedged, names_a_tool
from stalwart_agents.selector._grammar import Grammar
from stalwart_agents.selector._references import Reading
from stalwart_agents.selector._suggestions import Frames
from stalwart_agents.selector._text import Kind
from stalwart_agents.selector._turn import TokenizedTurn

__all__ = ["Context"]


def _story(turn: TokenizedTurn, clause: range, frames: Frames) -> bool:
    """A clause that only tells: no act named (a word that opens a phrase: "cancel", not "again"
    or "about"), no negation, supposition, report, address or currency; nor a form of an act
    beside a value that is no thing's ("I was charged 40 twice")."""
    profile = turn.profile
    norms = turn.norms
    opening = frames.opening
    if any(
        profile.negates(norms[at])
        or hedged(turn, at)
        or "@" in norms[at]
        or turn.tokens[at].kind is Kind.CURRENCY
        or names_a_tool(turn, at, opening)
        for at in clause
    ):
        return False
    acted = any(frames.acted(norms[at]) for at in clause)
    return not acted or all(is_bare(norms[at]) for at in clause if _valued(norms[at]))


def _valued(norm: str) -> bool:
    return any(ch.isdigit() for ch in norm)


def _identifier(norm: str) -> bool:
    """Whether a word is a thing's id of letters and digits ("ch-4452"): the request lacking
    it would read as a call short of its thing ("she got half the set, give her back 18")."""
    return any(ch.isdigit() for ch in norm) and any(ch.isalpha() for ch in norm) and "-" in norm


def _unresolved(turn: TokenizedTurn, readings: Sequence[Reading]) -> bool:
    """Whether a call points at a thing ("charge $40 to it") and took no value for it: the
    thing was told in the story without a word to name it ("sorry. 7781, charge $40 to it")."""
    profile = turn.profile
    pointers = profile.pronouns | profile.plural_pronouns
    for reading in readings:
        match = reading.match
        pointing = any(norm in pointers for norm in turn.norms[match.start : match.end])
        begins = turn.tokens[match.start].start
        if pointing and not any(start < begins for _, (start, _) in reading.args.values()):
            return True
    return False


@dataclass(frozen=True)
class Context:
    """A turn with its story clauses read past, but for the things they name with a value."""

    turn: TokenizedTurn
    # The turn with the story's bare values ("about 5176") skipped too, for a request that
    # names its own thing ("leave 6032 be, refund 14 on ch-6033").
    unvalued: TokenizedTurn
    # Positions of the story clauses' tokens.
    story: frozenset[int]

    @classmethod
    def of(cls, turn: TokenizedTurn, frames: Frames, grammar: Grammar) -> Context | None:
        """The turn's story before its request, or None when it tells none."""
        parts = clauses(turn)
        norms = turn.norms
        story: list[int] = []
        for clause in parts[:-1]:
            if not _story(turn, clause, frames):
                break
            story.extend(clause)
        if not story or any(_identifier(norms[at]) for at in story):
            return None
        kept = {
            at
            for at in story
            if norms[at] in grammar.heads
            and at + 1 in story
            and any(ch.isdigit() for ch in norms[at + 1])
        }
        kept |= {at + 1 for at in kept}
        unvalued = turn.blanked([at for at in story if at not in kept])
        kept |= {at for at in story if is_bare(norms[at])}
        skipped = [at for at in story if at not in kept]
        named = headed(turn.blanked(skipped), skipped, grammar, frames.reader)
        return cls(named, unvalued, frozenset(story))

    def read(self, reader: Callable[[TokenizedTurn], Sequence[Reading]]) -> list[Reading]:
        """The calls the request asks for, each starting after the story: with the story's bare
        values as things the request may take, or else without them."""
        for turn in (self.turn, self.unvalued):
            readings = list(reader(turn))
            if readings and not any(reading.match.start in self.story for reading in readings):
                return [] if _unresolved(turn, readings) else readings
        return []
