"""A clause that tells what has happened to a thing: "nobody has paid 2718 yet", "ninguém pagou
o 2718 ainda", "the charge ch-3365 wasn't right", "o cliente nunca recebeu o pedido 4310".

Such a clause is a fact, not a request: its verb is in the past or tells a state ("was",
"wasn't", "paid", "got", "pagou", "recebeu", "tava"), and it opens with no word that opens a
phrase, as a request does ("charge 2718, it wasn't paid" asks for the charge), nor holds a word
of wanting ("we don't need order 4471 cancelled" is a wish said no to). A negation in it
says what did not happen, and an act's word in it is the story's ("pagou", "charged"), so the
request after it may be read past it, taking the thing it names ("..., cobra ele"). A word that
supposes or reports in it ("if", "said", "se", "disse") still leaves the turn unread.
"""

from __future__ import annotations

from typing import Final

from stalwart_agents.selector._turn import TokenizedTurn

__all__ = ["past", "told"]

# Per language: the words that tell a past or a state by themselves.
_TELLING: Final[dict[str, frozenset[str]]] = {
    "en": frozenset(
        {
            *("was", "wasn't", "were", "weren't", "has", "hasn't", "have", "haven't", "had"),
            *("hadn't", "did", "didn't", "got", "paid", "sent", "came", "went", "arrived"),
            "shipped",
        }
    ),
    "pt-BR": frozenset(
        {
            *("foi", "era", "estava", "tava", "teve", "veio", "fez", "deu", "ficou", "saiu"),
            *("chegou", "pagou", "recebeu", "mandou", "entrou", "pagaram", "mandaram"),
            "receberam",
        }
    ),
}
# Per language: how a past form ends ("charged", "cobrou", "recebeu", "saiu").
_PAST_ENDINGS: Final[dict[str, tuple[str, ...]]] = {
    "en": ("ed",),
    "pt-BR": ("ou", "eu", "iu", "aram", "eram", "iram"),
}
# A past form is this long at least: "red", "seu", "meu" are not.
_PAST: Final = 5


def told(turn: TokenizedTurn, clause: range, opening: frozenset[str]) -> bool:
    """Whether the clause tells a fact: a word of the past or of a state in it, and no word
    that opens a phrase but in the past itself ("cancelled", "mandou"), an auxiliary, or one
    after a connective, a thing's name ("the charge ch-3365", "a cobrança"): "he didn't cancel
    6620" names the act itself, and its negation bars it."""
    telling = _TELLING.get(turn.profile.tag, frozenset())
    connectives = turn.profile.connectives
    found = False
    for at in clause:
        norm = turn.norms[at]
        if norm in turn.profile.wishing:
            # A wish, said or said no to ("we don't need order 4471 cancelled"), is no story.
            return False
        past = norm in telling or _past(norm, turn.profile.tag)
        # An auxiliary opens a question's phrase ("was order 4411 paid?"), no act's.
        acting = norm in opening and norm not in turn.profile.questions and not past
        if acting and not (at > 0 and turn.norms[at - 1] in connectives):
            return False
        found = found or past
    return found


def _past(norm: str, tag: str) -> bool:
    """Whether a word has the ending of a past form ("charged", "cobrou", "recebeu")."""
    return len(norm) >= _PAST and norm.isalpha() and norm.endswith(_PAST_ENDINGS.get(tag, ()))


def past(turn: TokenizedTurn, at: int) -> bool:
    """Whether the word at `at` tells a past or a state ("got", "was", "saiu", "printed")."""
    norm = turn.norms[at]
    tag = turn.profile.tag
    return norm in _TELLING.get(tag, frozenset()) or _past(norm, tag)
