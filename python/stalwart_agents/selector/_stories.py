"""A story joined to the request by "and": "just back from holiday and I need order 3984
reopened", "voltei das férias e preciso reabrir o pedido 1846".

A clause whose words before its first "and" ("e") only tell a story is parted there, as a mark
would part it, when the words after open the person's own ask: "I", "we", "please", "can you"
("eu", "preciso", "quero", "pode"). "The customer rang and wants 3984 cancelled" ("o cliente
ligou e quer cancelar") tells someone else's wish and stays one clause.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from stalwart_agents.selector._profile import words
from stalwart_agents.selector._turn import TokenizedTurn

__all__ = ["told_apart"]

# The word that joins a story to the request, by language.
_AND: Final = {"en": "and", "pt-BR": "e"}

# The words that open the person's own ask after it, by language.
_ASKING: Final = {
    "en": words("i i'd i'm i'll we we'd we'll please pls plz can could would kindly"),
    "pt-BR": words("eu preciso precisava quero queria gostaria pode podia poderia por pfv pf"),
}


def told_apart(
    turn: TokenizedTurn, parts: list[range], story: Callable[[range], bool]
) -> list[range]:
    """The clauses, the first that is no story (`story`) parted after its "and" where the words
    before it tell one and the words after open the person's own ask."""
    index = next((n for n, clause in enumerate(parts) if not story(clause)), None)
    if index is None:
        return parts
    clause = parts[index]
    norms = turn.norms
    joined = next((at for at in clause if norms[at] == _AND.get(turn.profile.tag)), None)
    if (
        joined is None
        or joined == clause.start
        or joined + 1 >= clause.stop
        or norms[joined + 1] not in _ASKING.get(turn.profile.tag, frozenset())
        or not story(range(clause.start, joined))
    ):
        return parts
    told = [range(clause.start, joined + 1), range(joined + 1, clause.stop)]
    return [*parts[:index], *told, *parts[index + 1 :]]
