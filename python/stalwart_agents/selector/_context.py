"""Context before a request: "I placed order 2210 on March 3rd, can you check on it?".

A clause before the request that names no tool, negates nothing, and supposes or reports nothing
only tells the story: when the turn reads no other way, it is read past like chat, numbers and
dates included, so none of them becomes a value. A thing named there with its value ("order
2210") is kept for the request to take ("check on it"); every call must still start after the
context, so a thing named in passing never becomes a call of its own.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from stalwart_agents.selector._chat import clauses, names_a_tool
from stalwart_agents.selector._references import Reading
from stalwart_agents.selector._text import Kind
from stalwart_agents.selector._turn import TokenizedTurn

__all__ = ["Context"]


def _story(turn: TokenizedTurn, clause: range, telling: frozenset[str]) -> bool:
    """A clause that only tells: no tool named, no negation, supposition, report, address or
    currency."""
    profile = turn.profile
    return not any(
        profile.negates(turn.norms[at])
        or turn.norms[at] in profile.hedges
        or "@" in turn.norms[at]
        or turn.tokens[at].kind is Kind.CURRENCY
        or names_a_tool(turn, at, telling)
        for at in clause
    )


def _identifier(norm: str) -> bool:
    """Whether a word is a thing's id of letters and digits ("ch-4452"): the request lacking
    it would read as a call short of its thing ("she got half the set, give her back 18")."""
    return any(ch.isdigit() for ch in norm) and any(ch.isalpha() for ch in norm) and "-" in norm


@dataclass(frozen=True)
class Context:
    """A turn with its story clauses read past, but for the things they name with a value."""

    turn: TokenizedTurn
    # Positions of the story clauses' tokens.
    story: frozenset[int]

    @classmethod
    def of(
        cls, turn: TokenizedTurn, telling: frozenset[str], heads: frozenset[str]
    ) -> Context | None:
        """The turn's story before its request, or None when it tells none."""
        parts = clauses(turn)
        story: list[int] = []
        for clause in parts[:-1]:
            if not _story(turn, clause, telling):
                break
            story.extend(clause)
        if not story or any(_identifier(turn.norms[at]) for at in story):
            return None
        kept = {
            at
            for at in story
            if turn.norms[at] in heads
            and at + 1 in story
            and any(ch.isdigit() for ch in turn.norms[at + 1])
        }
        kept |= {at + 1 for at in kept}
        return cls(turn.blanked([at for at in story if at not in kept]), frozenset(story))

    def read(self, reader: Callable[[TokenizedTurn], Sequence[Reading]]) -> list[Reading]:
        """The calls the request asks for, each starting after the story."""
        readings = list(reader(self.turn))
        if any(reading.match.start in self.story for reading in readings):
            return []
        return readings
