"""An id that owns the noun after it ("save 9051's receipt", "what's 4411's total", "cancel
4411's order"): read as the noun with the id after it ("save receipt 9051"), the id keeping
where it was typed, without its "'s"."""

from __future__ import annotations

from typing import Final

from stalwart_agents.selector._bare import identifies
from stalwart_agents.selector._text import Kind
from stalwart_agents.selector._turn import TokenizedTurn

__all__ = ["possessed"]

# What makes a word own the noun after it, folded (a curly quote folds to the straight one).
_OWNS: Final = "'s"


def possessed(turn: TokenizedTurn) -> TokenizedTurn | None:
    """The turn with each id that owns the word after it read after that word, or None where no
    id owns one."""
    if not any(norm.endswith(_OWNS) for norm in turn.norms):
        return None
    order = list(range(len(turn.tokens)))
    found = turn
    for at, token in enumerate(turn.tokens[:-1]):
        stem = token.norm.removesuffix(_OWNS)
        if token.kind is not Kind.WORD or stem == token.norm or not identifies(stem):
            continue
        if turn.tokens[at + 1].kind is not Kind.WORD:
            continue
        found = found.trimmed(at, len(stem))
        order[at], order[at + 1] = order[at + 1], order[at]
    return None if found is turn else found.reordered(order)
