"""A polite opener before a request is read past: "would you mind finding order 6120?", "tem como
cancelar o pedido 8873?", "se puder, reabre o pedido 5530".

When a turn reads no other way and opens with one of its language's openers, the opener is
skipped and the rest is read as the request. The rest is read as strictly as any turn: a negation
in it still plans nothing, and a word of supposition or report ("if", "said", "se", "disse")
leaves the turn unread.
"""

from __future__ import annotations

from functools import cache

from stalwart_agents.selector._text import Kind
from stalwart_agents.selector._turn import TokenizedTurn

__all__ = ["opened", "past_opener"]


def opened(
    turn: TokenizedTurn, openers: tuple[tuple[str, ...], ...] | None = None
) -> TokenizedTurn | None:
    """The turn with its polite opener (or one of `openers`) skipped, or None when it opens with
    none or a word after it supposes or reports; the opener may follow clauses the turn may
    skip ("Hi! If it's no trouble, ...")."""
    found = _opening(turn, openers)
    if found is None:
        return None
    polite, rest = found
    return None if any(_hedge(turn, at, at == rest[0]) for at in rest) else polite


def past_opener(turn: TokenizedTurn) -> TokenizedTurn | None:
    """The turn with its polite opener skipped whatever words follow it, or None when it opens
    with none: the caller sees to the words that suppose or report."""
    found = _opening(turn, None)
    return None if found is None else found[0]


def _opening(
    turn: TokenizedTurn, openers: tuple[tuple[str, ...], ...] | None
) -> tuple[TokenizedTurn, list[int]] | None:
    """The turn with its opener skipped and the positions of the words after the opener."""
    profile = turn.profile
    # Courtesy inside a frame is read past with it: "queria pedir, por favor, que você ...".
    words = [at for at in turn.word_positions() if turn.norms[at] not in profile.courtesy]
    for start in _starts(turn, words):
        for opener in _longest_first(
            profile.openers if openers is None else openers, profile.courtesy
        ):
            first = words[start : start + len(opener)]
            if not turn.says(first, opener):
                continue
            rest = words[start + len(opener) :]
            if not rest:
                return None
            return _wished(turn.blanked(range(first[-1] + 1)), rest[0]), rest
    return None


def _hedge(turn: TokenizedTurn, at: int, first: bool) -> bool:
    """Whether the word at `at` supposes or reports; a question's word that opens what follows
    the opener asks ("não sei quanto deu o 6317")."""
    norm = turn.norms[at]
    profile = turn.profile
    return norm in profile.hedges and not (first and norm in profile.questions)


@cache
def _longest_first(
    openers: tuple[tuple[str, ...], ...], courtesy: frozenset[str]
) -> tuple[tuple[str, ...], ...]:
    """The openers without their courtesy, which a turn's words are matched without, longest
    first: "queria pedir que" is tried before "queria pedir"."""
    plain = {tuple(word for word in opener if word not in courtesy) for opener in openers}
    return tuple(sorted(plain - {()}, key=lambda opener: (-len(opener), opener)))


def _starts(turn: TokenizedTurn, words: list[int]) -> list[int]:
    """Where an opener may begin, as indexes of `words`: the first word, and the first after
    each mark that only skippable words come before (a greeting, chat read past)."""
    starts = [0]
    for index, at in enumerate(words[1:], 1):
        before = range(words[index - 1] + 1, at)
        if not all(turn.between[k] for k in range(at)):
            break
        if any(turn.tokens[k].kind is Kind.BREAK for k in before):
            starts.append(index)
    return starts


def _wished(turn: TokenizedTurn, at: int) -> TokenizedTurn:
    """The turn with the verb right after the opener read in the form its phrases write: a wish
    puts it in the subjunctive ("queria que você cancelasse" as "cancelar")."""
    norm = turn.norms[at]
    for ending, infinitive in turn.profile.wished:
        if norm.endswith(ending) and len(norm) > len(ending) + 2:
            return turn.named(at, norm[: -len(ending)] + infinitive)
    return turn
