"""A request said with insistence after a bare "no": "no no, I DO want the receipt for 9375
saved", "não, não, quero sim cancelar o 2264".

The "no" says no to what was understood before, not to the request: where the turn opens with
clauses of nothing but negations and the next clause insists (a word that insists beside a word
of wanting: "do want", "quero sim"), the turn is read as the request alone, the "no" and the
word that insists read past ("I want the receipt for 9375 saved"). A negation anywhere after
them is read as ever.
"""

from __future__ import annotations

from stalwart_agents.selector._chat import clauses
from stalwart_agents.selector._turn import TokenizedTurn

__all__ = ["insisted"]


def insisted(turn: TokenizedTurn) -> TokenizedTurn | None:
    """The turn with its opening "no" and the word that insists read past, or None where it
    opens otherwise."""
    profile = turn.profile
    norms = turn.norms
    parts = clauses(turn)
    leading = 0
    while leading < len(parts) and all(profile.negates(norms[at]) for at in parts[leading]):
        leading += 1
    if not leading or leading == len(parts):
        return None
    request = parts[leading]
    for at in request:
        beside = {norms[k] for k in (at - 1, at + 1) if k in request}
        if norms[at] in profile.emphatics and beside & profile.wishing:
            return turn.blanked([*range(parts[leading].start), at])
    return None
