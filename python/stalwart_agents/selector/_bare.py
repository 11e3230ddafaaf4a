"""A bare value standing for a thing: "was 2290 paid?", "don't cancel 4415, just look it up".

Three digits or more after a word, and not a year, stand for the thing the vocabulary's bare
phrase reads ("order {order_id}", "pedido {order_id}"): the word before is read as that phrase's
head, so the call after it takes the value as it takes "order 2290".
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from stalwart_agents.selector._grammar import Grammar
from stalwart_agents.selector._text import Kind
from stalwart_agents.selector._turn import TokenizedTurn

__all__ = ["bare_head", "headed", "is_bare"]

# Digits a value needs to stand for a thing on its own: fewer is a count ("pay in 3 instalments").
_DIGITS: Final = 3
# Numbers a bare value may be a year in ("how's 2026 looking?"), so never a thing on its own.
_YEARS: Final = range(1900, 2100)


def is_bare(norm: str) -> bool:
    """Whether a value alone may be the thing's id: digits, too many for a count, not a year."""
    return norm.isdigit() and len(norm) >= _DIGITS and int(norm) not in _YEARS


def bare_head(grammar: Grammar, reader: str | None) -> str | None:
    """The word of the reader's bare phrase ("order" of "order {order_id}")."""
    for template in grammar.templates:
        if template.tool == reader and template.bare and template.required <= grammar.heads:
            return next(iter(template.required))
    return None


def headed(
    turn: TokenizedTurn, skipped: Iterable[int], grammar: Grammar, reader: str | None
) -> TokenizedTurn:
    """The turn with each skipped word right before a bare value read as the thing's head:
    "about 5176" in a story, "cancel 4415" in a negated clause, become "order 5176"."""
    word = bare_head(grammar, reader)
    if word is None:
        return turn
    gone = frozenset(skipped)
    named = turn
    for at in sorted(gone):
        after = at + 1
        if (
            after < len(turn.tokens)
            and after not in gone
            and turn.tokens[at].kind is Kind.WORD
            and is_bare(turn.norms[after])
        ):
            named = named.named(at, word)
    return named
