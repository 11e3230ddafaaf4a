"""Where a turn's closing courtesies stand ("when you can", "quando der"): words a request ends
with that ask for nothing and suppose nothing, though their "when" supposes elsewhere."""

from __future__ import annotations

from stalwart_agents.selector._closers import closed
from stalwart_agents.selector._turn import TokenizedTurn

__all__ = ["closing_courtesies"]


def closing_courtesies(turn: TokenizedTurn) -> frozenset[int]:
    """The positions of the words the turn's closers read past, none where it ends with none."""
    polite = closed(turn)
    if polite is None:
        return frozenset()
    return frozenset(at for at, norm in enumerate(turn.norms) if norm and not polite.norms[at])
