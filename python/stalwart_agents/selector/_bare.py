"""A bare value standing for a thing: "was 2290 paid?", "don't cancel 4415, just look it up".

Three digits or more after a word, and not a year, stand for the thing the vocabulary's bare
phrase reads ("order {order_id}", "pedido {order_id}"): the word before is read as that phrase's
head, so the call after it takes the value as it takes "order 2290". Right after an act's word
("cancel 1947") a number that could be a year is the act's thing all the same.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Final

from stalwart_agents.selector._grammar import Grammar
from stalwart_agents.selector._phrases import SlotRef, Word
from stalwart_agents.selector._text import Kind, fold
from stalwart_agents.selector._turn import TokenizedTurn

__all__ = ["acted_on", "bare_head", "facts_of", "headed", "identifies", "is_bare", "stated"]

# Digits a value needs to stand for a thing on its own: fewer is a count ("pay in 3 instalments").
_DIGITS: Final = 3
# Numbers a bare value may be a year in ("how's 2026 looking?"), so never a thing on its own.
_YEARS: Final = range(1900, 2100)


def is_bare(norm: str) -> bool:
    """Whether a value alone may be the thing's id: digits, too many for a count, not a year."""
    return norm.isdigit() and len(norm) >= _DIGITS and int(norm) not in _YEARS


def acted_on(turn: TokenizedTurn, at: int, act: Callable[[str], bool]) -> bool:
    """Whether the word at `at` is a number of three digits or more right after an act's word,
    its article aside ("cancel 1947", "cancela o 1947"): the act's thing, even where it could be
    a year."""
    norm = turn.norms[at]
    before = at - 1
    while before >= 0 and _said(turn, before) in turn.profile.connectives:
        before -= 1
    return before >= 0 and act(_said(turn, before)) and norm.isdigit() and len(norm) >= _DIGITS


def _said(turn: TokenizedTurn, at: int) -> str:
    """The word at `at` as typed, folded, though the turn has blanked it (a refused act's word)."""
    token = turn.tokens[at]
    return fold(turn.text[token.start : token.end])


def identifies(norm: str) -> bool:
    """Whether a word is a thing's id: a bare number too long for a count ("8593"), or letters
    and digits ("ch-6120"); "40" may be an amount."""
    digits = any(ch.isdigit() for ch in norm)
    return digits and (is_bare(norm) or (any(ch.isalpha() for ch in norm) and "-" in norm))


def stated(turn: TokenizedTurn, at: int, facts: frozenset[str]) -> bool:
    """Whether the value at `at` may be a year ("1934") and a fact of the thing governs it: the
    nearest word after it, fillers and question words aside, is one ("1948 went through", "o
    2046 foi cancelado"), or the nearest before it is, with a small word between that is not one
    of time ("the total of 1934", "total do 1934"; never "happened in 2020", "ficou 2025")."""
    norm = turn.norms[at]
    if not (norm.isdigit() and int(norm) in _YEARS):
        return False
    profile = turn.profile

    def passed(k: int) -> bool:
        return turn.inside[k] or turn.norms[k] in profile.questions

    after = next((k for k in range(at + 1, len(turn.norms)) if not passed(k)), None)
    if after is not None and turn.norms[after] in facts:
        return True
    before = next((k for k in range(at - 1, -1, -1) if not passed(k)), None)
    return (
        before is not None
        and before < at - 1
        and turn.norms[before] in facts
        and turn.norms[at - 1] not in profile.dating
    )


def facts_of(grammar: Grammar, reader: str | None) -> frozenset[str]:
    """The words the reader's phrases require nearest its thing's slot, on a side where every
    reading of the phrase has one ("total" of "the total of {order_id}", "paid" of "is
    {order_id} paid", never "looking" of "how's {order_id} [looking]"), but for questions,
    suppositions, fillers and the thing's own name."""
    profile = grammar.profile
    plain = profile.fillers | grammar.fillers | profile.questions | profile.hedges | grammar.heads
    plain |= grammar.joiners
    sides: dict[tuple[str, int], list[str | None]] = {}
    for template in grammar.templates:
        if template.tool != reader:
            continue
        elements = template.elements
        slots = [at for at, element in enumerate(elements) if isinstance(element, SlotRef)]
        for at in slots[:1]:
            for side, words in enumerate((reversed(elements[:at]), elements[at + 1 :])):
                word = next((e for e in words if isinstance(e, Word) and not e.optional), None)
                norm = None if word is None else word.norm
                sides.setdefault((template.key, side), []).append(norm)
    found = {word for words in sides.values() if None not in words for word in words}
    return frozenset(word for word in found if word is not None) - plain


def bare_head(grammar: Grammar, reader: str | None) -> str | None:
    """The word of the reader's bare phrase ("order" of "order {order_id}")."""
    for template in grammar.templates:
        if template.tool == reader and template.bare and template.required <= grammar.heads:
            return next(iter(template.required))
    return None


def headed(
    turn: TokenizedTurn,
    skipped: Iterable[int],
    grammar: Grammar,
    reader: str | None,
    act: Callable[[str], bool] = lambda word: False,
) -> TokenizedTurn:
    """The turn with each skipped word right before a bare value read as the thing's head:
    "about 5176" in a story, "cancel 4415" (or "cancel 1947", after a word `act` holds) in a negated
    clause, become "order 5176"."""
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
            and (is_bare(turn.norms[after]) or acted_on(turn, after, act))
        ):
            named = named.named(at, word)
    return named
