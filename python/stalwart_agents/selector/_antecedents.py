"""A request that points back at the thing an earlier clause named: "I haven't checked the inbox
all day, read it", "não li os emails hoje ainda, lê pra mim".

The request's own words hold an act and "it" (or nothing at all, a silent "it": "lê pra mim");
the thing it acts on is named only in an earlier clause, by the words of a tool that takes no
values ("inbox", "caixa de entrada", "emails"). The request is read again with that name in the
place of "it" (or after it), and plans the one call of no values it then reads, when its own
words hold an act of that tool. The guard stays strict: no word of the turn supposes or reports,
the request negates nothing, and an earlier clause that negates tells only what the person has
not done ("I haven't checked", "não li"), never what not to do ("don't open the inbox, read it").
A thing with values is never taken this way: its values would have no place in the turn.

So is a look that names no thing of its own ("dá uma olhada", "have a look"), after a clause that
names the inbox with the words that place it ("na caixa de entrada", "in the inbox"), even a
clause of what the person does not know ("nem sei o que tem na caixa de entrada"): the look is
read again with those words after it, and stands where it then reads the one call of no values.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from stalwart_agents.selector._chat import clauses
from stalwart_agents.selector._doubts import owned
from stalwart_agents.selector._frames import Frames
from stalwart_agents.selector._references import Reading
from stalwart_agents.selector._turn import TokenizedTurn

__all__ = ["looked_into", "pointed_back"]


def _named(
    turn: TokenizedTurn, clause: range, frames: Frames, acts: frozenset[str]
) -> tuple[int, int] | None:
    """The tokens that name the thing of the request's act in the clause, words of that tool's
    phrases alone and of no phrase with a value, with the word before them (its article: "the
    inbox", "a caixa de entrada"), or None where the clause names none."""
    found = [
        at
        for at in clause
        if not turn.profile.negates(turn.norms[at])
        and frames.named.get(turn.norms[at], frozenset()) <= acts
        and turn.norms[at] in frames.named
        and turn.norms[at] in frames.unslotted
    ]
    if not found:
        return None
    start = found[0] - 1 if found[0] > clause.start else found[0]
    return start, found[-1] + 1


def _rewritten(turn: TokenizedTurn, request: range, name: str) -> str:
    """The request's text with `name` in the place of its "it", or after it where it has none."""
    pointers = turn.profile.pronouns | turn.profile.plural_pronouns
    words = [name if turn.norms[at] in pointers else turn.original(at, at + 1) for at in request]
    if not any(turn.norms[at] in pointers for at in request):
        words.append(name)
    return " ".join(words)


def _acts(turn: TokenizedTurn, request: range, frames: Frames) -> frozenset[str]:
    """The tools the request's own words open a phrase of ("read", "lê")."""
    return frozenset().union(*(frames.acts.get(turn.norms[at], ()) for at in request))


def pointed_back(
    turn: TokenizedTurn, frames: Frames, reread: Callable[[str], Sequence[Reading]]
) -> list[Reading]:
    """The one call of no values the last clause asks for of a thing an earlier clause named."""
    profile = turn.profile
    parts = clauses(turn)
    if len(parts) < 2 or any(norm in profile.hedges for norm in turn.norms):
        return []
    request = parts[-1]
    norms = turn.norms
    acts = _acts(turn, request, frames)
    if not acts or any(profile.negates(norms[at]) for at in request):
        return []
    if not all(_told(turn, clause) for clause in parts[:-1]):
        return []
    for clause in parts[:-1]:
        named = _named(turn, clause, frames, acts)
        if named is None:
            continue
        readings = list(reread(_rewritten(turn, request, turn.original(*named))))
        return readings if _lone(readings, acts) else []
    return []


def looked_into(
    turn: TokenizedTurn,
    readings: Sequence[Reading],
    frames: Frames,
    reread: Callable[[str], Sequence[Reading]],
) -> list[Reading] | None:
    """The read of a thing of no values an earlier clause placed ("na caixa de entrada"), for a
    last clause that looks at nothing of its own; None where the turn is not such a look."""
    if any(reading.args or reading.tool in frames.valueless for reading in readings):
        return None
    profile = turn.profile
    parts = clauses(turn)
    if len(parts) < 2 or any(
        profile.negates(turn.norms[at]) or any(ch.isdigit() for ch in turn.norms[at])
        for at in parts[-1]
    ):
        return None
    request = parts[-1]
    if not all(_told(turn, clause) for clause in parts[:-1]):
        return None
    for clause in parts[:-1]:
        named = _named(turn, clause, frames, frames.valueless)
        if named is None:
            continue
        start = named[0]
        while start > clause.start and turn.norms[start - 1] in profile.connectives:
            start -= 1
        text = f"{turn.original(request.start, request.stop)} {turn.original(start, named[1])}"
        found = list(reread(text))
        if _lone(found, frames.valueless):
            return found
    return None


def _told(turn: TokenizedTurn, clause: range) -> bool:
    """Whether an earlier clause only tells: it says no to nothing and supposes nothing, or it
    tells what the person does not know or has not done ("nem sei o que tem", "I haven't")."""
    said = [turn.norms[at] for at in clause]
    profile = turn.profile
    refuses = any(map(profile.negates, said)) or bool(profile.hedges.intersection(said))
    return not refuses or owned(turn, clause)


def _lone(readings: Sequence[Reading], tools: frozenset[str]) -> bool:
    """Whether the readings are one call of no values, of one of `tools`."""
    return len(readings) == 1 and not readings[0].args and readings[0].tool in tools
