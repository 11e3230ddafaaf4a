"""A verb said once for two calls: "refund $12 on ch-1 and $8 on ch-2", "estorna 10 dólares na
ch-4420 e 5 na ch-4421".

When a turn reads no other way, and what follows its last joiner names no tool, the reader reads
the turn again with the first call's verb said after the joiner too. It is two calls when the
part before the joiner reads as one call on its own, and the turn then reads as that call and one
more of the same tool with the same arguments, each typed after the joiner ("charge $40 to
order 4411 and 4412" has no amount of its own in its second part, so it stays unread). The verb
read twice is never a value, and every value keeps the span it was typed at.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

from stalwart_agents.selector._chat import names_a_tool
from stalwart_agents.selector._references import Reading
from stalwart_agents.selector._text import Kind
from stalwart_agents.selector._turn import TokenizedTurn

__all__ = ["gapped"]

Reader = Callable[[str], Sequence[Reading]]


def _joiners(turn: TokenizedTurn) -> list[int]:
    """The joiner words of the turn ("and", "e"), the last first."""
    return [
        at
        for at in range(len(turn.tokens) - 2, 0, -1)
        if turn.separators[at] and turn.tokens[at].kind is Kind.WORD
    ]


def _verb(turn: TokenizedTurn, call: Reading) -> str | None:
    """The word the call opens with, when it is no value of it."""
    token = turn.tokens[call.match.start]
    if any(start <= token.start < end for _, (start, end) in call.args.values()):
        return None
    return turn.text[token.start : token.end]


def _shifted(reading: Reading, after: int, by: int) -> Reading:
    """The reading with each span past `after` moved back by `by` characters."""
    args = {
        name: (value, (start - by, end - by) if start >= after else (start, end))
        for name, (value, (start, end)) in reading.args.items()
    }
    return dataclasses.replace(reading, args=args)


def gapped(turn: TokenizedTurn, read: Reader, telling: frozenset[str]) -> list[Reading]:
    """Two calls of one verb said once, or none."""
    for at in _joiners(turn):
        if any(names_a_tool(turn, i, telling) for i in range(at + 1, len(turn.tokens))):
            return []
        first = read(turn.text[: turn.tokens[at].start])
        if len(first) != 1:
            continue
        verb = _verb(turn, first[0])
        if verb is None:
            return []
        cut = turn.tokens[at].end
        said = f" {verb}"
        both = read(turn.text[:cut] + said + turn.text[cut:])
        if (
            len(both) == 2
            and both[0].tool == both[1].tool == first[0].tool
            and both[0].args == first[0].args
            and set(both[1].args) == set(both[0].args)
            and all(start >= cut + len(said) for _, (start, _) in both[1].args.values())
        ):
            return [both[0], _shifted(both[1], cut + len(said), len(said))]
        return []
    return []
