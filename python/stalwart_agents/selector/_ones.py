""" "One" after an act's word, where a negated clause told that act's thing: "I never got a
receipt for 4705, save one" ("one" stands for the receipt, as "it" does), "não sei se ela
mandou email, mas manda um pra kelly@…" ("um" is an email: nothing there for "it" to take).
"""

from __future__ import annotations

from stalwart_agents.selector._negated_facts import digits
from stalwart_agents.selector._suggestions import Frames
from stalwart_agents.selector._turn import TokenizedTurn

__all__ = ["ones"]


def ones(
    turn: TokenizedTurn, negated: list[range], affirmed: set[int], frames: Frames
) -> list[tuple[int, str]]:
    """Where "one" stands for a thing a negated clause told, with the word read in its place:
    the thing's noun where nothing told gives it a value, else the shortest pronoun."""
    pronoun = min(turn.profile.pronouns, key=lambda word: (len(word), word))
    return [
        (at, _one(turn, at, negated, frames) or pronoun)
        for at in _ones(turn, negated, affirmed, frames)
    ]


def _ones(
    turn: TokenizedTurn, negated: list[range], affirmed: set[int], frames: Frames
) -> list[int]:
    """Where "one" follows an act's word in an affirmed clause, and a negated clause named that
    act's thing ("I never got a receipt for 4705, save one"): "one" stands for it, as "it" does."""
    norms = turn.norms
    told = frozenset().union(*(frames.named.get(norms[at], ()) for c in negated for at in c))
    return [
        at
        for at in sorted(affirmed)
        if norms[at] in turn.profile.ones
        and at > 0
        and frames.acts.get(norms[at - 1], frozenset()) & told
    ]


def _one(turn: TokenizedTurn, at: int, negated: list[range], frames: Frames) -> str | None:
    """The word "one" at `at` stands for where the negated clauses name its act's thing by a
    noun and give it no value for "it" to take ("não sei se ela mandou email, mas manda um pra
    kelly@…": "email"); None where they give one ("I never got a receipt for 4705, save one")."""
    norms = turn.norms
    words = [at for clause in negated for at in clause]
    if any(digits(norms[k]) for k in words):
        return None
    tools = frames.acts.get(norms[at - 1], frozenset())
    return next(
        (
            norms[k]
            for k in words
            if norms[k].isalpha()
            and tools & frames.named.get(norms[k], frozenset())
            and not tools & frames.acts.get(norms[k], frozenset())
        ),
        None,
    )
