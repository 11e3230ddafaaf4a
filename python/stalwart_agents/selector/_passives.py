"""A wish that a thing be done, said in the passive: "I'd like order 3390 cancelled", "may I have
order 8890 reopened?", "gostaria que o pedido 2208 fosse cancelado".

After a wish ("i'd like", "may i have", "gostaria que", "preciso que") come the thing, a word of
being it may skip ("be", "fosse", "seja") and the act's participle. The turn reads as the act
asked of the thing: the participle, as the verb it comes from, before the thing, and what
follows after it ("cancel order 3390, customer changed their mind"). Which verb a participle
comes from is what reads: "cancelled" is tried as "cancel" and "cancell", "cancelado" as
"cancelar". Each token keeps where it was typed, so every value keeps its span.

Only a wish at the start of the turn (past skippable words) is read so: "order 3390 was
cancelled" states a fact, and "I don't want order 3390 cancelled" or "if you'd like order 3390
cancelled" holds a negation or a supposition before the thing, and stays unread.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Final

from stalwart_agents.selector._inflections import english_bases
from stalwart_agents.selector._references import Reading, stray
from stalwart_agents.selector._text import Kind
from stalwart_agents.selector._turn import TokenizedTurn

__all__ = ["wished_done"]

# Per language: the wishes a passive request opens with, and the words of being it may skip.
_WISHES: Final[dict[str, tuple[tuple[str, ...], ...]]] = {
    "en": tuple(
        tuple(wish.split())
        for wish in (
            "i'd like",
            "i would like",
            "i want",
            "i need",
            "we need",
            "i'd like to have",
            "i'd like to get",
            "may i have",
            "can i have",
            "could i have",
            "can i get",
            "could i get",
            "can we get",
            "can we have",
            "would it be possible to get",
            "would it be possible to have",
            "is it possible to get",
            "is it possible to have",
            "please get",
            "please have",
        )
    ),
    "pt-BR": tuple(
        tuple(wish.split())
        for wish in (
            "gostaria que",
            "eu gostaria que",
            "queria que",
            "eu queria que",
            "quero que",
            "eu quero que",
            "preciso que",
            "eu preciso que",
            "seria bom que",
        )
    ),
}
_BEING: Final[dict[str, frozenset[str]]] = {
    "en": frozenset(("be", "to", "get", "got")),
    "pt-BR": frozenset(("fosse", "seja", "for", "ser", "sejam", "fossem", "fique", "ficasse")),
}
# A pt-BR participle's ending, and the endings of the verbs it may come from, tried in order
# (an English one's bases are _inflections').
_PARTICIPLES: Final[dict[str, tuple[tuple[str, tuple[str, ...]], ...]]] = {
    "pt-BR": (
        ("ado", ("ar",)),
        ("ados", ("ar",)),
        ("ada", ("ar",)),
        ("ido", ("er", "ir")),
        ("idos", ("er", "ir")),
        ("ida", ("er", "ir")),
        # "reaberto" from "reabrir", "salvo" from "salvar".
        ("erto", ("rir",)),
        ("erta", ("rir",)),
        ("lvo", ("lvar",)),
        ("eito", ("azer",)),
        ("lva", ("lvar",)),
    ),
}
# A verb a participle comes from is this long at least: "fazer", "save".
_VERB: Final = 4
# The thing wished done is named in this many words at most: "the receipt for order 7240".
_THING: Final = 6


def wished_done(
    turn: TokenizedTurn, read: Callable[[TokenizedTurn], list[Reading]]
) -> list[Reading]:
    """The calls `read` finds in the turn's passive wish read as the act asked of its thing, or
    none when the turn opens with no such wish."""
    found = _wish(turn)
    if found is None:
        return []
    after, participle = found
    hedges = turn.profile.hedges.__contains__
    for verb in _verbs(turn.norms[participle], turn.profile.tag):
        active = _active(turn, after, participle, verb)
        readings = read(active)
        if readings:
            # A word that supposes or reports outside what the calls read: nothing is sure.
            return [] if stray(active, [r.match for r in readings], hedges) else readings
    return []


def _wish(turn: TokenizedTurn) -> tuple[int, int] | None:
    """Where the thing starts after the wish that opens the turn, and where its participle
    stands; None when the turn opens with no wish, or the thing holds no value or a word that
    negates or supposes."""
    words = turn.word_positions()
    opening = [index for index, at in enumerate(words) if all(turn.between[k] for k in range(at))]
    for start in opening[:3]:
        for wish in _WISHES.get(turn.profile.tag, ()):
            first = words[start : start + len(wish)]
            if turn.says(first, wish) and start + len(wish) + 1 < len(words):
                after = words[start + len(wish)]
                if _fronted(turn, after, words[start + len(wish) + 1]):
                    # "que fosse feito o reembolso": the act before its thing.
                    return words[start + len(wish) + 1], words[start + len(wish) + 1]
                found = _participle(turn, after)
                if found is not None:
                    return after, found
    return None


def _fronted(turn: TokenizedTurn, being: int, participle: int) -> bool:
    """Whether a word of being and a participle open what the wish asks ("que fosse feito o
    reembolso"), the thing after them."""
    tag = turn.profile.tag
    return turn.norms[being] in _BEING.get(tag, frozenset()) and any(
        _verbs(turn.norms[participle], tag)
    )


def _participle(turn: TokenizedTurn, thing: int) -> int | None:
    """Where the participle after the thing starting at `thing` stands, if the thing holds a
    value and nothing that negates or supposes."""
    profile = turn.profile
    being = _BEING.get(profile.tag, frozenset())
    valued = False
    for at in range(thing, min(len(turn.tokens), thing + 2 * _THING)):
        norm = turn.norms[at]
        if turn.tokens[at].kind is Kind.BREAK and norm != "#":
            return None
        if profile.negates(norm) or norm in profile.hedges:
            return None
        if valued and norm not in being and any(_verbs(norm, profile.tag)):
            return at
        valued = valued or any(ch.isdigit() for ch in norm)
    return None


def _verbs(participle: str, tag: str) -> Iterator[str]:
    """The verbs `participle` may come from, most likely first: "saved" as "sav" and "save",
    "cancelled" as "cancell" and "cancel", "feito" as "fazer"."""
    if tag == "en":
        yield from english_bases(participle, "ed")
    for ending, verbs in _PARTICIPLES.get(tag, ()):
        stem = participle.removesuffix(ending)
        if stem != participle:
            yield from (stem + verb for verb in verbs if len(stem + verb) >= _VERB)


def _active(turn: TokenizedTurn, thing: int, participle: int, verb: str) -> TokenizedTurn:
    """The turn with the participle read as `verb` before the thing, the wish before it and the
    words of being between them skipped."""
    being = _BEING.get(turn.profile.tag, frozenset())
    skipped = [
        at for at in range(participle) if at < thing or (turn.norms[at] in being and at > thing)
    ]
    blank = turn.blanked(skipped).named(participle, verb)
    if participle <= thing:
        return blank
    order = [
        *range(thing),
        participle,
        *range(thing, participle),
        *range(participle + 1, len(turn.tokens)),
    ]
    return blank.reordered(order)
