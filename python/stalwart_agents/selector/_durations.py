"""How long, told in chat ("já faz 10 dias", "it's been 2 weeks"): a number (or "a") that counts a
unit of time right after it says how long something took, never a thing's id nor an amount, and
"been" before it is how long, never a question's "has it been paid"; so a clause that says only
that is still chat ("cadê meu pedido 2288? já faz 10 dias", "where's 6120? it's been a week")."""

from __future__ import annotations

from typing import Final

from stalwart_agents.selector._numbers import read_number
from stalwart_agents.selector._text import fold
from stalwart_agents.selector._turn import TokenizedTurn

__all__ = ["durations"]

# The units of time a count of them tells how long, in each language, folded.
_UNITS: Final = {
    "en": frozenset(
        (
            *("minute", "minutes", "mins", "hour", "hours", "hrs", "day", "days"),
            *("week", "weeks", "month", "months", "year", "years"),
        )
    ),
    "pt-BR": frozenset(
        fold(word)
        for word in (
            *("minuto", "minutos", "hora", "horas", "dia", "dias", "semana", "semanas"),
            *("mês", "meses", "ano", "anos"),
        )
    ),
}
# The words that count one unit without a number ("a week"; "uma semana" is a number).
_ONE: Final = {"en": frozenset(("a", "an")), "pt-BR": frozenset()}
# Words of being that say how long something has lasted, right before it ("it's been a week").
_LASTED: Final = {"en": frozenset(("been",)), "pt-BR": frozenset()}


def durations(turn: TokenizedTurn, clause: range) -> frozenset[int]:
    """Where, in `clause`, a count of a unit of time stands, with its unit and the "been" before
    it; none where the clause names no unit (most)."""
    tag = turn.profile.tag
    units = _UNITS.get(tag, frozenset())
    if not any(turn.norms[at] in units for at in clause):
        return frozenset()
    found: set[int] = set()
    for at in clause:
        if turn.norms[at] in _ONE.get(tag, ()):
            ends = [at + 1]
        else:
            ends = [end for end, _ in read_number(turn.tokens, at, turn.profile)]
        end = next((end for end in ends if end in clause and turn.norms[end] in units), None)
        if end is None:
            continue
        found.update(range(at, end + 1))
        if at - 1 in clause and turn.norms[at - 1] in _LASTED.get(tag, ()):
            found.add(at - 1)
    return frozenset(found)
