"""A question about a thing asks to read it: "Has order 9187 been dispatched yet?", "quanto ficou
o total do pedido 1502?".

When a turn reads no other way, it asks for the tool that reads a thing on its own (the tool of
the vocabulary's bare phrase, "order {order_id}", "pedido {order_id}") when:
- it is a question: it ends with "?" or opens with a question word ("has", "where", "cadê");
- it names exactly one such thing with its value ("order 9187"), and no other value; a value
  of three digits or more after a word, and not a year unless a fact of the thing governs it
  ("the total of 1934"), stands for the thing too ("was 2290 paid?", "o 3406 tá pago?"), that
  word read as the thing's head;
- no word of it names another tool ("refund", "cancelar") or is a form of one ("cobrou"),
  negates, supposes or reports, and at most one word is one neither the phrases nor the fillers
  know, so a sentence in another language or about something else stays unread. A question's
  last words "or not" ("ou não") offer the other answer and negate nothing: they are skipped;
  an "or" that offers another answer ("still unpaid or did they pay") is known.
A question may open with "so", "hey" or another word of framing before its question word.
Every other word is skipped, counted as skipped; the value keeps its span.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from stalwart_agents.selector._bare import bare_head, is_bare, stated
from stalwart_agents.selector._chat import closing
from stalwart_agents.selector._embedded import embedded
from stalwart_agents.selector._frames import Frames
from stalwart_agents.selector._grammar import Grammar
from stalwart_agents.selector._references import Reading
from stalwart_agents.selector._slots import IdentifierSlot
from stalwart_agents.selector._text import Kind
from stalwart_agents.selector._turn import TokenizedTurn

__all__ = ["asked", "generic", "is_question"]

# A question may hold one word no phrase and no filler knows ("dispatched"), never more: a
# sentence in another language, or about something else, holds several.
_UNKNOWN: Final = 1
# Letters a word shares with another tool's word when it is a form of it ("cobrou", "cobrar").
_STEM: Final = 4
# Words of being a participle follows when an act was done to the thing ("foi passado").
_BEING: Final = {
    "en": frozenset(("was", "were", "been", "being")),
    "pt-BR": frozenset(("foi", "foram", "sido")),
}
# The word that offers the other answer before a question's last "not" ("paid or not?").
_OR: Final = frozenset(("or", "ou"))


def _or_not(turn: TokenizedTurn) -> frozenset[int]:
    """Where a question ends "or not" ("ou não"), marks aside: the two words, else none."""
    words = turn.word_positions()
    if len(words) < 3 or words[-1] != words[-2] + 1:
        return frozenset()
    last, before = words[-1], words[-2]
    if turn.norms[before] in _OR and turn.profile.negates(turn.norms[last]):
        return frozenset((before, last))
    return frozenset()


def is_question(turn: TokenizedTurn) -> bool:
    """Whether the turn ends with "?" or "or not" ("ou não"), or its first word left to read asks
    ("vc sabe se" skipped, "o pedido 9073 já foi pago" asks); an opening "so" or "hey", or a
    preposition the question word governs ("em qual", "on which"), comes before it."""
    profile = turn.profile
    opening = profile.framing | profile.conjunctions
    words = [
        at
        for at, token in enumerate(turn.tokens)
        if token.kind is Kind.WORD and turn.norms[at] and turn.norms[at] not in opening
    ]
    asks = bool(words) and (turn.norms[words[0]] in profile.questions or _governed(turn, words[0]))
    return _asks(turn) or asks or bool(_or_not(turn))


def _governed(turn: TokenizedTurn, at: int) -> bool:
    """Whether the word at `at` is a preposition the question word right after it governs ("em
    qual cartão", "on what date"): the question opens with it."""
    after = at + 1
    return (
        turn.norms[at] in turn.profile.connectives
        and after < len(turn.tokens)
        and turn.norms[after] in turn.profile.questions
    )


def _asks(turn: TokenizedTurn) -> bool:
    """Whether the turn's last "?" ends it, but for thanks or a sign-off after it ("can I charge
    an order twice? thanks")."""
    marks = [at for at, token in enumerate(turn.tokens) if token.norm == "?"]
    if not marks:
        return False
    after = [
        at for at in range(marks[-1] + 1, len(turn.tokens)) if turn.tokens[at].kind is Kind.WORD
    ]
    return closing(turn, after)


# Words that make a thing the person's own, so one thing ("my order", "o meu pedido").
_POSSESSIVES: Final = {
    "en": frozenset(("my", "our")),
    "pt-BR": frozenset(("meu", "minha", "nosso", "nossa")),
}


def generic(turn: TokenizedTurn, readings: Sequence[Reading], reader: str | None) -> bool:
    """Whether a question asks about a kind of thing rather than one ("can you cancel an order
    once it's been paid?", "dá pra cancelar pedido que já foi pago?"): a call of it leaves out
    the thing its tool acts on (an identifier without a pattern), or names it by a word without
    a digit ("an order twice"). A question of policy is never a plan; but a look-up (`reader`)
    of the person's own thing asks about one ("where's my order?"), and the thing is asked for.
    Nor is a question a request where no verb asks for the act ("a $5 charge on order 4411?")."""
    if not is_question(turn):
        return False
    owned = _POSSESSIVES.get(turn.profile.tag, frozenset())
    for reading in readings:
        span = turn.norms[reading.match.start : reading.match.end]
        if reading.tool == reader and owned.intersection(span):
            continue  # "where's my order?": the person's own order is one thing
        if reading.tool != reader and reading.match.template.starts is None:
            return True  # "a $5 charge on order 4411?": no verb asks for the act
        for name, slot in reading.match.template.slots.items():
            if not isinstance(slot, IdentifierSlot) or slot.pattern is not None:
                continue
            value = reading.args.get(name)
            if value is None or not any(ch.isdigit() for ch in str(value[0])):
                return True
    return False


def _emphatic(turn: TokenizedTurn, at: int) -> bool:
    """Whether the word at `at` only stresses the question word before it ("como que tá?",
    "onde que tá o 8049?"): it asks nothing of its own."""
    profile = turn.profile
    return at > 0 and turn.norms[at] in profile.exclaims and turn.norms[at - 1] in profile.questions


def _head(turn: TokenizedTurn, at: int, grammar: Grammar) -> bool:
    """Whether the word at `at` names a thing, as typed or one typo off ("ordr", "pedio")."""
    return turn.norms[at] in grammar.heads or bool(turn.corrections[at] & grammar.heads)


def asked(turn: TokenizedTurn, grammar: Grammar, frames: Frames) -> TokenizedTurn | None:
    """The turn with all but its one named thing skipped, when it asks about that thing."""
    profile = turn.profile
    norms = turn.norms
    reader = frames.reader
    if reader is None or not (is_question(turn) or embedded(turn, frames.acts, reader)):
        return None
    # "is 6630 still unpaid or did they pay": a question may offer two answers.
    known = profile.questions | profile.fillers | grammar.fillers | _OR
    kept: list[int] = []
    bare: int | None = None
    unknown = 0
    tail = _or_not(turn)
    for at, norm in enumerate(norms):
        if at in tail or _emphatic(turn, at):
            continue
        valued = any(ch.isdigit() or ch == "@" for ch in norm)
        if valued or turn.tokens[at].kind is Kind.CURRENCY:
            if kept and kept[-1] == at - 1 and _head(turn, at - 1, grammar):
                kept.append(at)
                continue
            thing = is_bare(norm) or stated(turn, at, frames.facts)
            if bare is None and at > 0 and thing and turn.tokens[at - 1].kind is Kind.WORD:
                bare = at
                continue
            return None  # a value that is not the one thing's
        names = {tool for w in (norm, *turn.corrections[at]) for tool in frames.named.get(w, ())}
        if _against(turn, norm, names, reader):
            return None
        if _head(turn, at, grammar):
            kept.append(at)
        elif turn.tokens[at].kind is Kind.WORD and not (names or turn.inside[at] or norm in known):
            if frames.stems.get(norm[:_STEM], frozenset()) - {reader} and not _done(turn, at):
                return None  # "cobrou": a form of another tool's word ("cobrar")
            unknown += 1
    if unknown > _UNKNOWN:
        return None
    return _one_thing(turn, grammar, reader, kept, bare)


def _one_thing(
    turn: TokenizedTurn, grammar: Grammar, reader: str, kept: list[int], bare: int | None
) -> TokenizedTurn | None:
    """The turn kept to its one thing (a head and its value, or a bare value); None if not one."""
    norms = turn.norms
    things = [at for at in kept if not _head(turn, at, grammar)]
    if bare is not None and not things and (head := bare_head(grammar, reader)) is not None:
        skipped = [at for at in range(len(norms)) if at not in (bare - 1, bare)]
        return turn.blanked(skipped).named(bare - 1, head)
    if len(things) != 1 or bare is not None:
        return None
    return turn.blanked([at for at in range(len(norms)) if at not in kept[-2:]])


def _done(turn: TokenizedTurn, at: int) -> bool:
    """Whether the word at `at` follows a word of being in a turn that ends with "?", so it asks
    whether an act was done to the thing ("foi passado no cartão?"): a fact asked about, not an
    act asked for; "o pedido 5127 foi reaberto" states one."""
    being = _BEING.get(turn.profile.tag, frozenset())
    return at > 0 and turn.norms[at - 1] in being and _asks(turn)


def _against(turn: TokenizedTurn, norm: str, names: set[str], reader: str) -> bool:
    """Whether a word rules the question out: a no, a hedge, or another tool's name."""
    profile = turn.profile
    if profile.negates(norm) or (norm in profile.hedges and norm not in profile.questions):
        return True
    return bool(names) and reader not in names and len(norm) >= _STEM
