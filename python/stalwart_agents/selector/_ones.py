"""A "one" after an act's word, where a negated clause told that act's thing: "I never got a
receipt for 4705, save one" ("one" stands for the receipt, as "it" does), "não sei se ela
mandou email, mas manda um pra kelly@…" ("um" is an email: nothing there for "it" to take).
So too "it", or an article with its noun left out, before the value it belongs to: "no
receipt got printed, save it for 4920" and "não saiu o recibo, salva o do 4921" save the
receipt the fact told of.
"""

from __future__ import annotations

import itertools

from stalwart_agents.selector._frames import Frames
from stalwart_agents.selector._negated_facts import digits
from stalwart_agents.selector._phrases import Word
from stalwart_agents.selector._turn import TokenizedTurn

__all__ = ["ones"]


def ones(
    turn: TokenizedTurn, negated: list[range], affirmed: set[int], frames: Frames
) -> list[tuple[int, str]]:
    """Where a word stands for a thing a negated clause told, with the word read in its place:
    the thing's noun where the request gives the value itself or nothing told gives one, else
    (for "one") the shortest pronoun."""
    profile = turn.profile
    norms = turn.norms
    pronoun = min(profile.pronouns, key=lambda word: (len(word), word))
    told_words = [at for clause in negated for at in clause]
    # A thing is told by its name or by an act made of it ("she emailed": an email).
    told = frozenset().union(
        *(frames.named.get(norms[at], frozenset()) | frames.forms(norms[at]) for at in told_words)
    )
    valued = any(digits(norms[at]) for at in told_words)
    found: list[tuple[int, str]] = []
    for at in sorted(affirmed):
        tools = frames.acts.get(norms[at - 1], frozenset()) & told if at > 0 else frozenset()
        if not tools:
            continue
        noun = _noun(turn, tools, told_words, frames)
        if norms[at] in profile.ones:
            found.append((at, noun if noun and not valued else pronoun))
        elif noun and _elided(turn, at, affirmed):
            found.append((at, noun))
    return found


def _elided(turn: TokenizedTurn, at: int, affirmed: set[int]) -> bool:
    """Whether the word at `at` is "it" or an article whose noun is left out, right before a
    small word and the value it belongs to ("save it for 4920", "salva o do 4921")."""
    norms = turn.norms
    profile = turn.profile
    small = profile.connectives
    return (
        norms[at] in profile.pronouns | small
        and {at + 1, at + 2} <= affirmed
        and norms[at + 1] in small
        and digits(norms[at + 2])
    )


def _noun(
    turn: TokenizedTurn, tools: frozenset[str], told: list[int], frames: Frames
) -> str | None:
    """The word a negated clause names the acts' thing by: one their phrases write right after
    an article ("an email", "o recibo"), as said or as the act made of it ("emailed"); None
    where it names none so."""
    small = turn.profile.connectives
    nouns = {
        element.norm
        for tool in tools
        for template in frames.templates.get(tool, ())
        for before, element in itertools.pairwise(template.elements)
        if isinstance(before, Word)
        and before.norm in small
        and isinstance(element, Word)
        and element.norm not in small
    }
    for at in told:
        norm = turn.norms[at]
        if norm in nouns:
            return norm
        if frames.forms(norm) & tools:
            # The act made of the noun ("emailed" of "email") names it too.
            made = [noun for noun in nouns if norm.startswith(noun)]
            if made:
                return max(made, key=len)
    return None
