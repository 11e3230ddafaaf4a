"""Who a message came from, named in a question about the inbox: "did Maria email us?", "a Joana
mandou e-mail?", "anything from the supplier in the inbox?", "tem email do fornecedor?".

A tool that reads a whole box takes no sender, so a sender the person names refines nothing it
reads: the turn asks for that read all the same. When a turn reads no other way, a sender is read
as the vocabulary's word for anyone ("did anyone email us?"), or, after "from" ("do", "da"),
skipped. A sender is one to three words no phrase and no filler knows, with no digit, no address,
no negation and no word of supposition or report. The turn is then read as strictly as any other,
and only a call that takes no argument may come of it: a sender never stands for an argument.
So too a question whose last words say where or from whom ("chegou algum e-mail na caixa da
loja?"): it reads as its words before them, when those read as a call of no argument.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Final

from stalwart_agents.selector._grammar import Grammar
from stalwart_agents.selector._questions import is_question
from stalwart_agents.selector._references import Reading
from stalwart_agents.selector._text import Kind
from stalwart_agents.selector._turn import TokenizedTurn

__all__ = ["narrowed", "sent"]

# A sender is a name or a short noun phrase: "Maria", "the supplier", "o pessoal do atacado".
_LONGEST: Final = 3


def sent(
    turn: TokenizedTurn,
    grammar: Grammar,
    unslotted: frozenset[str],
    read: Callable[[TokenizedTurn], list[Reading]],
) -> list[Reading]:
    """The calls of no argument the turn reads as with its sender read past, else none; only a
    turn holding a word of a phrase of no slot (`unslotted`) may."""
    if unslotted.isdisjoint(turn.words()):
        return []
    for named in _unsent(turn, grammar):
        readings = read(named)
        if readings and all(not reading.match.template.slots for reading in readings):
            return readings
    return []


def narrowed(
    turn: TokenizedTurn,
    named: Mapping[str, frozenset[str]],
    unslotted: frozenset[str],
    read: Callable[[TokenizedTurn], list[Reading]],
) -> list[Reading]:
    """The calls of no argument a question reads as up to the words that say where or what in
    the box ("anything in the inbox I should know about?", "chegou algum e-mail na caixa da
    loja?"): they refine nothing a read of the whole box reads. The words after hold no value,
    no negation and no supposition, and name no other tool."""
    if unslotted.isdisjoint(turn.words()) or not is_question(turn):
        return []
    profile = turn.profile
    tail: list[int] = []
    for at in reversed(range(len(turn.tokens))):
        norm = turn.norms[at]
        if any(ch.isdigit() or ch == "@" for ch in norm) or profile.negates(norm):
            return []
        if norm in profile.hedges and norm not in profile.questions:
            return []
        if turn.tokens[at].kind is Kind.WORD:
            tail.append(at)
        if norm in profile.fillers or norm in profile.sources:
            readings = read(turn.blanked(tail))
            if readings and all(not reading.match.template.slots for reading in readings):
                own = {reading.tool for reading in readings}
                return readings if _only(turn, tail, named, own) else []
    return []


def _only(
    turn: TokenizedTurn, tail: list[int], named: Mapping[str, frozenset[str]], tools: set[str]
) -> bool:
    """Whether the words at `tail` name no tool but `tools` by a word that opens one of its
    phrases (`named`: "refund", "cancel"); a word a phrase holds in passing ("know" of "let
    her know", "about") names none there."""
    return all(named.get(turn.norms[at], frozenset()) <= tools for at in tail)


def _unsent(turn: TokenizedTurn, grammar: Grammar) -> Iterator[TokenizedTurn]:
    """The turn with its first run of a sender's words read as anyone, then with each "from"
    and the sender after it skipped."""
    runs = _runs(turn, grammar)
    anyone = next((word for word in turn.profile.anyone if word in grammar.words), None)
    if anyone is not None and runs:
        start, end = runs[0]
        yield turn.blanked(range(start, end - 1)).named(end - 1, anyone)
    froms = [(at, end) for start, end in runs if (at := _from(turn, start)) is not None]
    if froms:
        yield turn.blanked([k for at, end in froms for k in range(at, end)])


def _from(turn: TokenizedTurn, start: int) -> int | None:
    """Where the "from" ("do", "da") that a sender's words at `start` follow stands, fillers
    between ("from the supplier"), or None."""
    at = start - 1
    while at >= 0 and turn.inside[at] and turn.norms[at] not in turn.profile.sources:
        if turn.tokens[at].kind is Kind.BREAK:
            return None
        at -= 1
    return at if at >= 0 and turn.norms[at] in turn.profile.sources else None


def _runs(turn: TokenizedTurn, grammar: Grammar) -> list[tuple[int, int]]:
    """Each run of one to three words that may name a sender, as [start, end)."""
    runs: list[tuple[int, int]] = []
    start: int | None = None
    for at in range(len(turn.tokens) + 1):
        if at < len(turn.tokens) and _unknown(turn, grammar, at):
            start = at if start is None else start
            continue
        if start is not None and at - start <= _LONGEST:
            runs.append((start, at))
        start = None
    return runs


def _unknown(turn: TokenizedTurn, grammar: Grammar, at: int) -> bool:
    """Whether the word at `at` is one no phrase, filler or rule of the language knows."""
    profile = turn.profile
    norm = turn.norms[at]
    return (
        turn.tokens[at].kind is Kind.WORD
        and norm.isalpha()
        and not turn.inside[at]
        and not turn.corrections[at]
        and norm not in grammar.words
        and norm not in grammar.joiners
        and not profile.negates(norm)
        and norm not in profile.nobody
        and norm not in profile.hedges
        and norm not in profile.questions
    )
