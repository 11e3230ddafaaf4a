"""Where a turn's free text begins: after the first word that only labels a free-text field
("body", "texto"; never a word of the language's own such as "me"), the words are typed for
the field ("texto chega semana que vem"), so a word there that supposes or asks elsewhere
("que", "if") is the field's, not the person's."""

from __future__ import annotations

from stalwart_agents.selector._grammar import Grammar
from stalwart_agents.selector._turn import TokenizedTurn

__all__ = ["free_text_start"]


def free_text_start(turn: TokenizedTurn, grammar: Grammar) -> int:
    """The position of the first word after a free-text field's own label with a word after it;
    past the turn's end where none labels one."""
    labels = frozenset().union(*grammar.fields.values())
    norms = turn.norms
    return next(
        (at + 1 for at in range(len(norms) - 1) if norms[at] in labels and norms[at + 1]),
        len(norms),
    )
