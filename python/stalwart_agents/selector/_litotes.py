"""Words with a negation or an "instead" in them that negate no act, read past as a polite
opening is: blanked, so no phrase reads them and no negation is found in them.

- A "no harm" opening a clause ("it wouldn't hurt to look up 1573", "não custa nada salvar o
  recibo"): the person asks, gently.
- Idle wonder said on its own ("just curious", "só por curiosidade"): it asks nothing of its
  own, so the question after it is the request.
- A request asked as a negative question ("can't you just refund ch-6691 $22?", "why don't
  you cancel 4411"): it asks, gently, as "could you" does.
- An "instead" that points back ("em vez disso, reabre ele", "cancela ele no lugar"): it stands
  beside the act asked for; only "instead of X" ("em vez de", "no lugar de") sets an act aside,
  and it is read as a negation before this is looked for, so it is never read past.

A negation of the act after them ("wouldn't hurt to not cancel it") still bars it.
"""

from __future__ import annotations

from stalwart_agents.selector._profile import Profile
from stalwart_agents.selector._text import Kind, Token

__all__ = ["litotes"]


def litotes(tokens: tuple[Token, ...], profile: Profile) -> frozenset[int]:
    """Where words that say "it does no harm" open a clause, or an "instead" points back: their
    positions."""
    return _found(tokens, profile.litotes, opening=True) | _found(tokens, profile.in_place)


def _found(
    tokens: tuple[Token, ...], phrases: tuple[tuple[str, ...], ...], opening: bool = False
) -> frozenset[int]:
    """Where any of `phrases` stands (opening a clause, where `opening`): their positions."""
    norms = [token.norm for token in tokens]
    found: set[int] = set()
    for phrase in phrases:
        size = len(phrase)
        for at in range(len(tokens) - size + 1):
            opens = not opening or at == 0 or tokens[at - 1].kind is Kind.BREAK
            if opens and tuple(norms[at : at + size]) == phrase:
                found.update(range(at, at + size))
    return frozenset(found)
