"""A polite closer after a request is read past: "refund $14 on ch-6210 when you get a chance,
thanks so much", "reabre o pedido 6210 quando puder, muito obrigada"; and so are the words that
ask again ("charge it again", "salva de novo") where the turn reads no other way.

When a turn reads no other way and ends with closers of its language, they are skipped and the
rest is read as any turn is; so is an aside that stands as a clause of its own between two
requests ("cancel 4471, and while you're at it, look up 4472"), and a sign-off ("that's all,
ta", "é isso, valeu"). Only these fixed phrases pass: "when" and "quando" in any other
words still suppose ("cancel 6210 when it's paid" stays unread), and free text that a reading
takes as typed keeps them ("saying call us when you get a chance").
"""

from __future__ import annotations

from collections.abc import Mapping

from stalwart_agents.selector._chat import clauses, closer_size
from stalwart_agents.selector._text import Kind
from stalwart_agents.selector._turn import TokenizedTurn

__all__ = ["closed", "once"]


def closed(turn: TokenizedTurn) -> TokenizedTurn | None:
    """The turn with its closing polite words and its asides skipped, or None when it holds
    none."""
    words = turn.word_positions()
    end = len(words)
    while (length := closer_size(turn, words[:end])) and length < end:
        end -= length
    end = _purpose(turn, words[:end])
    skipped = _asides(turn, words[:end])
    if end < len(words):
        skipped += range(words[end - 1] + 1, len(turn.tokens))
    return turn.blanked(skipped) if skipped else None


def _purpose(turn: TokenizedTurn, words: list[int]) -> int:
    """How many of `words` are left once a last clause saying what the request is for is left
    out ("so I can see the total", "pra eu mandar pro contador"): one that holds no value,
    negation or word of supposition or report; all of them where there is none."""
    for index in range(1, len(words)):
        for purpose in turn.profile.purposes:
            rest = words[index + len(purpose) :]
            if turn.says(words[index : index + len(purpose)], purpose) and _idle(turn, rest):
                return index
    return len(words)


def _idle(turn: TokenizedTurn, words: list[int]) -> bool:
    """Whether the words hold no value, negation or word of supposition or report."""
    profile = turn.profile
    return bool(words) and not any(
        profile.negates(norm := turn.norms[at])
        or norm in profile.hedges
        or any(ch.isdigit() or ch == "@" for ch in norm)
        or turn.tokens[at - 1].kind is Kind.CURRENCY
        for at in words
    )


def _asides(turn: TokenizedTurn, words: list[int]) -> list[int]:
    """Where asides stand as clauses of their own among `words`, between marks or joiners
    ("reopen 4471, and while you're at it, look up 4472"), the first and last word aside."""
    found: list[int] = []
    for aside in turn.profile.asides:
        size = len(aside)
        for index in range(1, len(words) - size):
            run = words[index : index + size]
            if turn.says(run, aside) and _parted(turn, run[0] - 1) and _parted(turn, run[-1] + 1):
                found += range(run[0], run[-1] + 1)
    return found


def _parted(turn: TokenizedTurn, at: int) -> bool:
    """Whether the token at `at` parts clauses: a mark or a joiner."""
    return 0 <= at < len(turn.tokens) and turn.separators[at]


def once(turn: TokenizedTurn, acts: Mapping[str, frozenset[str]]) -> TokenizedTurn | None:
    """The turn with the words saying a request is asked again skipped ("charge order 7019 $26
    again", "salva de novo"), or None when it holds none in a clause naming an act (`acts`):
    asking twice asks for the same calls, and "ligou de novo" asks for nothing."""
    found: list[int] = []
    for clause in clauses(turn):
        if not any(turn.norms[at] in acts for at in clause):
            continue
        norms = turn.norms[clause.start : clause.stop]
        for phrase in turn.profile.repeats:
            size = len(phrase)
            found += [
                clause.start + at + k
                for at in range(len(norms) - size + 1)
                if norms[at : at + size] == phrase
                for k in range(size)
            ]
    return turn.blanked(found) if found else None
