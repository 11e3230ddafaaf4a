"""What the person has not got or does not know, told before a request: "I didn't get a receipt
for 4083", "não achei o recibo do 2709", "not sure why it's still open", "nem sei qual é o total
do 3466".

Such a clause opens with the person (or no one named) and a negation of getting, finding, seeing
or knowing: a fact that bars no act. The word that asks right after its opening ("why", "if",
"qual", "se") is the person's own question, never a supposition. Where it asks whether ("if",
"se"), the request after it may be its condition's act ("I can't tell if she paid, cancel 2604"
may mean "if she paid, cancel it"), so only a look may follow, or an act past a "but" ("not sure
if she wrote, but email her").

So too a request's own question beside a refusal: right after a look's word ("check whether",
"see if") or a way of asking ("me diz quanto", "tell me what", as "tell me if" asks), or
opening a clause that ends with "?" ("…, what was it?"), it asks what a look finds, and only a
look follows; after a word of wanting, "que" opens a wish ("quero
que você reabra"), no report.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Final

from stalwart_agents.selector._text import Kind
from stalwart_agents.selector._turn import TokenizedTurn

__all__ = ["asked", "conceded", "eased", "opening", "owned", "whether", "wished"]

# The longest opening of such a clause ("faz um tempão que não olho").
_OPENING: Final = 6
# The question's word stands this near after the opening: "não sei por que ficou aberto".
_ASKED: Final = 2
# The most words a way of asking holds before its question's word ("can you tell me").
_ASKING: Final = 4


def opening(turn: TokenizedTurn, clause: range) -> list[int]:
    """Where the opening of a clause of what the person has not got or does not know stands,
    with the word it asks by: their positions, none where the clause opens otherwise."""
    profile = turn.profile
    places = [at for at in clause if turn.norms[at]]
    words = tuple(turn.norms[at] for at in places)
    for size in range(2, min(len(words) - 1, _OPENING) + 1):
        if words[:size] in profile.owned or words[:size] in profile.doubts:
            near = places[size : size + _ASKED]
            return places[:size] + [at for at in near if turn.norms[at] in profile.hedges][:1]
    return []


def owned(turn: TokenizedTurn, clause: range) -> bool:
    """Whether a negated clause tells what the person has not got, found, read or does not know
    ("I didn't get a receipt for 4083", "nem sei qual é o total"): a fact that bars no act."""
    return bool(opening(turn, clause))


def whether(turn: TokenizedTurn, clause: range) -> bool:
    """Whether such a clause asks whether ("not sure if she paid", "não sei se pagaram")."""
    return any(turn.norms[at] in turn.profile.whethers for at in opening(turn, clause))


def conceded(turn: TokenizedTurn, clause: range) -> bool:
    """Whether a word that parts clauses ("but", "mas", "so") follows the clause before any
    other word: what comes after is asked whatever the answer, never under its "if"."""
    after = (at for at in range(clause.stop, len(turn.tokens)) if turn.tokens[at].kind is Kind.WORD)
    first = next(after, None)
    return first is not None and turn.norms[first] in turn.profile.conjunctions


def eased(turn: TokenizedTurn, clause: range, acting: Callable[[int], bool]) -> bool:
    """Whether a clause that opens the turn with a negation eases what a "but" asks after it,
    naming no act (none `acting` finds): "no worries if it's late, but …", "não tem problema
    se demorar, mas …"; its "if" is granted whatever the answer, and supposes nothing of the
    request."""
    norms = turn.norms
    # What eases stands between the negation and its "if" ("no worries if"; "not if" refuses).
    eases = clause.start + 1 < clause.stop and norms[clause.start + 1] not in turn.profile.hedges
    return (
        all(not norms[at] for at in range(clause.start))
        and turn.profile.negates(norms[clause.start])
        and eases
        and conceded(turn, clause)
        and not any(acting(at) for at in clause)
    )


def asked(
    turn: TokenizedTurn, at: int, acts: Mapping[str, frozenset[str]], looks: frozenset[str]
) -> bool:
    """Whether the word at `at` asks what a look finds: right after a word that opens only
    looks' phrases ("check whether", "vê se"), or after a way of asking, with its own "if" or
    any other question's word in its place ("me diz quanto", "tell me what")."""
    norms = turn.norms
    before = acts.get(norms[at - 1], frozenset()) if at > 0 else frozenset()
    if (before and before <= looks) or _questioning(turn, at):
        return True
    profile = turn.profile
    askers = {phrase[:-1] for phrase in profile.asking if phrase[-1] in profile.whethers}
    if any(
        norms[at - size : at] in askers or norms[at - size : at + 1] in profile.asking
        for size in range(1, min(at, _ASKING) + 1)
    ):
        return True
    # A word of the way of asking itself: "tell" in "just tell me if 8752 is paid".
    return any(
        norms[start : start + len(phrase)] == phrase
        for phrase in profile.asking
        for start in range(max(0, at - len(phrase) + 1), at + 1)
    )


def _questioning(turn: TokenizedTurn, at: int) -> bool:
    """Whether the word at `at` opens a question of its own: a question's word ("what",
    "quanto") first in a clause that ends with "?" ("…, what was it?", "…, quanto ficou?")."""
    tokens = turn.tokens
    if turn.norms[at] not in turn.profile.questions:
        return False
    if at > 0 and tokens[at - 1].kind is not Kind.BREAK and turn.norms[at - 1]:
        return False
    end = next((k for k in range(at, len(tokens)) if tokens[k].kind is Kind.BREAK), None)
    return end is not None and turn.norms[end] == "?"


def wished(turn: TokenizedTurn, at: int) -> bool:
    """Whether the word at `at` opens a wish after a word of wanting ("quero que", "preciso
    que"): the person's own request, no one's words."""
    return at > 0 and turn.norms[at - 1] in turn.profile.wishing
