"""A polite opener before a request is read past: "would you mind finding order 6120?", "tem como
cancelar o pedido 8873?", "se puder, reabre o pedido 5530".

When a turn reads no other way and opens with one of its language's openers, the opener is
skipped and the rest is read as the request. The rest is read as strictly as any turn: a negation
in it still plans nothing, and a word of supposition or report ("if", "said", "se", "disse")
leaves the turn unread.
"""

from __future__ import annotations

from stalwart_agents.selector._turn import TokenizedTurn

__all__ = ["opened"]


def opened(
    turn: TokenizedTurn, openers: tuple[tuple[str, ...], ...] | None = None
) -> TokenizedTurn | None:
    """The turn with its polite opener (or one of `openers`) skipped, or None when it opens with
    none."""
    profile = turn.profile
    words = turn.word_positions()
    for opener in profile.openers if openers is None else openers:
        first = words[: len(opener)]
        if not turn.says(first, opener):
            continue
        rest = words[len(opener) :]
        if not rest or any(turn.norms[at] in profile.hedges for at in rest):
            return None
        return turn.blanked(range(first[-1] + 1))
    return None
