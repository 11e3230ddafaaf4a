"""A clause that tells what was done to a thing, right after its value: "ressuscita o pedido 9128
q eu cancelei", "reopen 4830 that I cancelled by mistake", "save the receipt for 4830, which she
paid yesterday".

When a turn reads no other way, a clause opened by a relative word ("que", "that", "which")
right after a value (a comma between or none), whose verb, after at most two words of its
subject, is in the past ("cancelei", "pagou", "cancelled", "paid"), describes the thing: it is
read past to its end (a mark or the end of the turn). It holds no number, no address, no
negation and no word of supposition or report, so "reopen 4830 that I didn't cancel" stays
unread; nor does it join another thing ("que eu cancelei e o 4831").
"""

from __future__ import annotations

from typing import Final

from stalwart_agents.selector._text import Kind
from stalwart_agents.selector._turn import FIELD_MARKS, TokenizedTurn

__all__ = ["described"]

# Per language: the relative words, the words a subject may be made of, how a verb in the past
# ends, and the past forms that end otherwise.
_RELATIVES: Final = {
    "en": frozenset(("that", "which")),
    "pt-BR": frozenset(("que",)),
}
_SUBJECTS: Final = {
    "en": frozenset(("i", "we", "she", "he", "they", "you", "the", "customer", "client")),
    "pt-BR": frozenset(("eu", "ela", "ele", "a", "o", "gente", "nós", "cliente", "você", "vc")),
}
_PAST_ENDINGS: Final = {
    "en": ("ed",),
    "pt-BR": ("ei", "ou", "amos", "aram", "eram", "iram", "eu", "iu"),
}
_PAST_FORMS: Final = {
    "en": frozenset(("paid", "sent", "made", "bought", "got", "put", "left", "took", "gave")),
    "pt-BR": frozenset(("fiz", "fez", "pus", "pôs", "trouxe", "deu")),
}
# The most words of a subject before the verb: "o cliente", "the customer".
_SUBJECT_WORDS: Final = 2


def described(turn: TokenizedTurn) -> TokenizedTurn | None:
    """The turn with a clause telling of a thing skipped, or None when it holds none."""
    tag = turn.profile.tag
    norms = turn.norms
    for at in range(1, len(norms) - 1):
        if norms[at] not in _RELATIVES[tag] or not _after_value(turn, at):
            continue
        end = at + 1
        while end < len(norms) and turn.tokens[end].kind is not Kind.BREAK:
            end += 1
        if _told(turn, range(at + 1, end)):
            return turn.blanked(range(at, end))
    return None


def _after_value(turn: TokenizedTurn, at: int) -> bool:
    """Whether a value stands right before `at`, a comma between or none."""
    before = at - 1
    if turn.norms[before] in FIELD_MARKS and before > 0:
        before -= 1
    return any(ch.isdigit() for ch in turn.norms[before])


def _told(turn: TokenizedTurn, clause: range) -> bool:
    """Whether the clause is a subject, a verb in the past and words that say nothing more."""
    tag, profile, norms = turn.profile.tag, turn.profile, turn.norms
    words = [at for at in clause if turn.tokens[at].kind is Kind.WORD]
    for at in words:
        norm = norms[at]
        if (
            profile.negates(norm)
            or norm in profile.hedges
            or norm in profile.joiners
            or any(ch.isdigit() or ch == "@" for ch in norm)
        ):
            return False
    if any(turn.tokens[at].kind is Kind.CURRENCY for at in clause):
        return False
    subject = 0
    while subject < min(_SUBJECT_WORDS, len(words)) and norms[words[subject]] in _SUBJECTS[tag]:
        subject += 1
    if subject == len(words):
        return False
    verb = norms[words[subject]]
    return verb in _PAST_FORMS[tag] or verb.endswith(_PAST_ENDINGS[tag])
