"""A negation that says "it does no harm" ("it wouldn't hurt to look up 1573", "não custa nada
salvar o recibo"): the person asks, gently, and the negation negates no act.

Such words opening a clause are read past as a polite opening is: blanked, so no phrase reads
them and no negation is found in them; a negation of the act after them ("wouldn't hurt to not
cancel it") still bars it.
"""

from __future__ import annotations

from stalwart_agents.selector._languages import Profile
from stalwart_agents.selector._text import Kind, Token

__all__ = ["litotes"]


def litotes(tokens: tuple[Token, ...], profile: Profile) -> frozenset[int]:
    """Where words that say "it does no harm" open a clause: their positions."""
    norms = [token.norm for token in tokens]
    found: set[int] = set()
    for phrase in profile.litotes:
        size = len(phrase)
        for at in range(len(tokens) - size + 1):
            opens = at == 0 or tokens[at - 1].kind is Kind.BREAK
            if opens and tuple(norms[at : at + size]) == phrase:
                found.update(range(at, at + size))
    return frozenset(found)
