"""A question asked inside a request to look ("check where 8580 is", "can you see when 6120
shipped", "vê onde está o 6120"): a question word right after a verb the reader's phrases open
with (a pronoun or particle between) makes the turn a question about its thing, though it
neither ends with "?" nor opens with the question word."""

from __future__ import annotations

from typing import Final

from stalwart_agents.selector._text import Kind, fold
from stalwart_agents.selector._turn import TokenizedTurn

__all__ = ["embedded"]

# The question words that open a question inside a request, folded: where, when, how, what.
_ASKING: Final = {
    "en": frozenset(("where", "when", "how", "what")),
    "pt-BR": frozenset(fold(word) for word in ("onde", "quando", "como", "qual", "quanto")),
}
# The most words between the verb of looking and the question word ("tell me where", "find out
# where", "vê pra mim onde").
_BETWEEN: Final = 2


def embedded(turn: TokenizedTurn, acts: dict[str, frozenset[str]], reader: str) -> bool:
    """Whether a question word follows, within `_BETWEEN` words, a verb that opens a phrase of
    the `reader` tool."""
    asking = _ASKING.get(turn.profile.tag, frozenset())
    for at, norm in enumerate(turn.norms):
        if norm not in asking:
            continue
        for before in range(at - 1, max(-1, at - 2 - _BETWEEN), -1):
            if turn.tokens[before].kind is not Kind.WORD:
                break
            if reader in acts.get(turn.norms[before], frozenset()):
                return True
    return False
