"""A field named after the message: "email jon@shop.example saying it ships Monday, subject
Delivery", "manda email pro jon@shop.example dizendo chega segunda, assunto Entrega".

A phrase writes a tool's fields in one order (the subject, then the message). When a turn names
another field after a comma or semicolon at its end, or joined by "with" or "and" ("com", "e"),
by a word that only ever labels that field
("subject", "assunto"), and a label of a different field stands before it, the turn is read
with that last field moved before the other's label: each value keeps the span it was typed
at. The message's own text never runs over such a label (see `_matching`), so a message that
holds the word ("saying prices are subject to change") keeps it.
"""

from __future__ import annotations

from collections.abc import Mapping

from stalwart_agents.selector._grammar import Grammar
from stalwart_agents.selector._text import Kind
from stalwart_agents.selector._turn import FIELD_MARKS, TokenizedTurn

__all__ = ["later_field"]


def later_field(turn: TokenizedTurn, grammar: Grammar) -> TokenizedTurn | None:
    """The turn with a field named last moved before the label of the field it follows, or
    None when it ends with no such field."""
    end = len(turn.tokens)
    while end > 0 and turn.tokens[end - 1].kind is Kind.BREAK:
        end -= 1
    norms = turn.norms
    joiners = turn.profile.field_joiners
    for mark in range(end - 3, 0, -1):
        joined = norms[mark] in joiners and mark not in turn.colons
        if norms[mark] not in FIELD_MARKS and not joined:
            continue
        for fields in grammar.fields.values():
            field = fields.get(norms[mark + 1])
            if field is None:
                continue
            before = _other_label(turn, fields, field, mark)
            if before is not None:
                # A joining word belongs to neither field: it is left out ("with subject X").
                order = [
                    *range(before),
                    *range(mark + 1, end),
                    *range(before, mark if joined else mark + 1),
                    *range(end, len(turn.tokens)),
                ]
                return turn.reordered(order)
        if not joined:
            return None
    return None


def _other_label(
    turn: TokenizedTurn, fields: Mapping[str, str], field: str, mark: int
) -> int | None:
    """Where the nearest label of another field than `field` stands before `mark`, if one does."""
    for at in range(mark - 1, 0, -1):
        other = fields.get(turn.norms[at])
        if other is not None and other != field:
            return at
        if other == field:
            return None
    return None
