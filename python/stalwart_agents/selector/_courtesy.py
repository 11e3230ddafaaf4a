"""A polite opener before a request whose own words suppose or report: "I'd be grateful if you
could email ana@shop.com and say when it ships", "queria que você cancelasse o 2390 porque o
cliente desistiu".

The opener is read past as `_openers` does, but a word of supposition or report after it
("when", "porque", "say") does not leave the turn unread when the request reads it: when it is
a word of the phrase that read the call, lies inside the free text a phrase's word introduces
(a body, a reason), or leads into that text ("dizendo que"). Anywhere else it still supposes or
reports ("would you mind, if she pays, cancelling 4411") and the turn stays unread; a negation
stays a negation. The -ing form an opener governs reads as its verb ("would you mind
canceling 9143" as "cancel 9143").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from stalwart_agents.selector._inflections import english_bases
from stalwart_agents.selector._matching import Match
from stalwart_agents.selector._openers import past_opener
from stalwart_agents.selector._references import Reading, stray
from stalwart_agents.selector._turn import TokenizedTurn

__all__ = ["courteous"]

# The forms of an English verb an opener governs: "would you mind canceling", "I'd appreciate
# it if you charged".
_FORMS: Final = ("ing", "ed")


def courteous(turn: TokenizedTurn, read: Callable[[TokenizedTurn], list[Reading]]) -> list[Reading]:
    """The calls `read` finds in the turn past its polite opener, or none when it opens with
    none or a word that supposes or reports stands outside what the calls read."""
    polite = past_opener(turn)
    if polite is None:
        return []
    readings = read(polite)
    for verb in [] if readings else _verbs(polite):
        readings = read(verb)
        if readings:
            polite = verb
            break
    matches = [reading.match for reading in readings]
    hedges = turn.profile.hedges
    if not readings or stray(
        polite.blanked(_leading(polite, matches)), matches, hedges.__contains__
    ):
        return []
    return readings


def _leading(turn: TokenizedTurn, matches: list[Match]) -> list[int]:
    """Where the last word of a lead-in stands right before the free text it opens ("que" in
    "dizendo que chega segunda"): free text's word, not one that supposes."""
    starts = {start for match in matches for _name, _value, (start, _end) in match.args}
    return [
        at
        for at in range(1, len(turn.tokens) - 1)
        if tuple(turn.norms[at - 1 : at + 1]) in turn.profile.lead_ins
        and turn.tokens[at + 1].start in starts
    ]


def _verbs(turn: TokenizedTurn) -> list[TokenizedTurn]:
    """The turn with the -ing or -ed form right after the opener read as each verb it may come
    from ("would you mind canceling 9143": "cancel"), for a verb whose phrases write that form
    in other places only."""
    words = [at for at in turn.word_positions() if turn.norms[at]]
    if not words or turn.profile.tag != "en":
        return []
    at = words[0]
    for ending in _FORMS:
        forms = english_bases(turn.norms[at], ending)
        if forms:
            return [turn.named(at, form) for form in forms]
    return []
