"""A thing a negated clause named, taken by the request after it.

- A look that reads the thing a refusal named ("order 4025") where the affirmed clause right
  after it asks ("?") and points back at it by a word of the look ("don't charge order 4025,
  what's its total?", "... e o total dele?"); "never reopen 5012, it was a fraud order" asks
  nothing.
- A call whose act word opens the affirmed clause right after a told fact that named the thing
  ("I never received the item from ch-4208, refund the $38 please", "a cliente não recebeu a
  ch-4208, devolve 38 dólares"): the fact's thing is the call's fronted object, as "order 1502"
  before "cancel it" is; a refusal ("never charge ch-4208") is no fact and lends no thing.

Either way the call's words before the affirmed clause are only the thing's name and value; a
refused act stays barred, as the scope bars it.
"""

from __future__ import annotations

from collections.abc import Set

from stalwart_agents.selector._frames import Frames
from stalwart_agents.selector._references import Reading
from stalwart_agents.selector._text import Kind
from stalwart_agents.selector._turn import TokenizedTurn

__all__ = ["fronted", "pointed_at"]


def _named_only(turn: TokenizedTurn, reading: Reading, affirmed: Set[int], frames: Frames) -> bool:
    """Whether the call starts before the affirmed clauses and its words there are only a
    thing's name and value ("order 4025", "ch-4208")."""
    norms = turn.norms
    match = reading.match
    told = [
        at
        for at in range(match.start, match.end)
        if at not in affirmed and norms[at] and turn.tokens[at].kind is not Kind.BREAK
    ]
    return (
        match.start not in affirmed
        and bool(told)
        and all(norms[at] in frames.heads or any(ch.isdigit() for ch in norms[at]) for at in told)
    )


def _next_clause(turn: TokenizedTurn, end: int, affirmed: Set[int]) -> list[int]:
    """The affirmed positions from `end` on, up to the first gap."""
    after = sorted(at for at in affirmed if at >= end)
    return [at for n, at in enumerate(after) if at - n == after[0]] if after else []


def pointed_at(turn: TokenizedTurn, reading: Reading, affirmed: Set[int], frames: Frames) -> bool:
    """Whether a look reads a refused act's thing and the clause after it asks for it by a
    pointer and a word of the look."""
    norms = turn.norms
    match = reading.match
    if reading.tool != frames.reader or any(at in affirmed for at in range(match.start, match.end)):
        return False
    clause = _next_clause(turn, match.end, affirmed)
    pointers = turn.profile.pronouns | turn.profile.plural_pronouns
    return (
        _named_only(turn, reading, affirmed, frames)
        and bool(clause)
        and clause[-1] + 1 < len(norms)
        and norms[clause[-1] + 1] == "?"
        and any(norms[at] in pointers for at in clause)
        and any(reading.tool in frames.named.get(norms[at], ()) for at in clause)
    )


def fronted(turn: TokenizedTurn, reading: Reading, affirmed: Set[int], frames: Frames) -> bool:
    """Whether a call's act word opens the affirmed clause its words run into, after only the
    name and value of a thing a negated clause told (the scope keeps it only where that clause
    tells a fact)."""
    match = reading.match
    own = [
        at
        for at in range(match.start, match.end)
        if at in affirmed and turn.norms[at] and turn.tokens[at].kind is Kind.WORD
    ]
    return (
        _named_only(turn, reading, affirmed, frames)
        and bool(own)
        and reading.tool in frames.acts.get(turn.norms[own[0]], frozenset())
    )
