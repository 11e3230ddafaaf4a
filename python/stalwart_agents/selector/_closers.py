"""A polite closer after a request is read past: "refund $14 on ch-6210 when you get a chance,
thanks so much", "reabre o pedido 6210 quando puder, muito obrigada".

When a turn reads no other way and ends with closers of its language, they are skipped and the
rest is read as any turn is. Only these fixed phrases pass: "when" and "quando" in any other
words still suppose ("cancel 6210 when it's paid" stays unread), and free text that a reading
takes as typed keeps them ("saying call us when you get a chance").
"""

from __future__ import annotations

from stalwart_agents.selector._turn import TokenizedTurn

__all__ = ["closed"]


def closed(turn: TokenizedTurn) -> TokenizedTurn | None:
    """The turn with its closing polite words skipped, or None when it ends with none."""
    words = turn.word_positions()
    end = len(words)
    while (length := _closer(turn, words[:end])) and length < end:
        end -= length
    if end == len(words):
        return None
    return turn.blanked(range(words[end - 1] + 1, len(turn.tokens)))


def _closer(turn: TokenizedTurn, words: list[int]) -> int:
    """How many of the last `words` one closer of the turn's language is, or 0."""
    for closer in turn.profile.closers:
        if turn.says(words[-len(closer) :], closer):
            return len(closer)
    return 0
