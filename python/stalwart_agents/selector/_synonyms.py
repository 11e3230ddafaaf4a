"""Synonyms: other words for the words a vocabulary's phrases write, read as those words.

A vocabulary names them once per language (`cancel: [axe, scrap, call off]`), so a few lines
reach every wording of an act and of a thing, in place of one phrase per wording. A turn's
synonym is read as its word before any phrase is tried, so every guard (negation, supposition,
report) sees the word. In pt-BR a verb given in the infinitive (`cancelar: [derrubar]`) reads in
the forms a request takes (`derruba`, `derrube`), each as the same form of its word.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Final

from stalwart_agents.errors import StalwartError
from stalwart_agents.selector._profile import Profile
from stalwart_agents.selector._text import Kind, Token, fold, tokenize

__all__ = ["SynonymError", "Synonyms", "build_synonyms", "read_synonyms", "request_forms"]

# A word sequence, folded -> the one word it reads as.
Synonyms = Mapping[tuple[str, ...], str]

# pt-BR endings that spell a verb's infinitive, and how its two request forms end: "cobra" and
# "cobre" (-ar), "devolve" and "devolva" (-er), "ressarce" and "ressarça" (-ir).
_REQUEST_FORMS: Final = {"ar": ("a", "e"), "er": ("e", "a"), "ir": ("e", "a")}
# A stem's last consonant keeps its sound before the other vowel: "tocar" / "toque", "pagar" /
# "pague", "começar" / "comece"; "vencer" / "vença", "proteger" / "proteja".
_SOUNDS: Final = {
    "ar": {"c": "qu", "g": "gu", "ç": "c"},
    "er": {"c": "ç", "g": "j"},
    "ir": {"c": "ç", "g": "j"},
}
# The request form whose vowel changes the consonant's sound.
_CHANGED: Final = {"ar": "e", "er": "a", "ir": "a"}


class SynonymError(StalwartError, ValueError):
    """A synonym that cannot be used; the vocabulary adds the file, line and key."""

    def __init__(self, word: str, problem: str) -> None:
        super().__init__(problem)
        self.word = word


def request_forms(infinitive: str) -> tuple[str, ...]:
    """A pt-BR infinitive and its two request forms, unfolded ("derrubar", "derruba", "derrube")."""
    ending = infinitive[-2:]
    if ending not in _REQUEST_FORMS or " " in infinitive or len(infinitive) < 4:
        return (infinitive,)
    stem = infinitive[:-2]
    if ending == "ir" and stem.endswith("u"):
        return (infinitive, f"{stem}i", f"{stem}a")  # "restituir": "restitui", "restitua"
    forms = [infinitive]
    for vowel in _REQUEST_FORMS[ending]:
        last = stem[-1]
        sound = _SOUNDS[ending].get(last, last) if vowel == _CHANGED[ending] else last
        forms.append(stem[:-1] + sound + vowel)
    return tuple(forms)


def _pairs(
    profile: Profile, word: str, synonym: str, written: frozenset[str]
) -> Iterable[tuple[str, str]]:
    """Each form of the synonym and the form of the word it reads as: the same form where the
    phrases write it, the word itself otherwise."""
    if profile.tag != "pt-BR":
        return ((synonym, word),)
    forms, targets = request_forms(synonym), request_forms(word)
    if len(targets) != len(forms):
        targets = (word,) * len(forms)
    return ((f, t if fold(t) in written else word) for f, t in zip(forms, targets, strict=True))


def build_synonyms(
    profile: Profile,
    by_word: Mapping[str, Sequence[str]],
    written: frozenset[str],
    pairs: frozenset[tuple[str, str]],
    fillers: frozenset[str],
) -> dict[tuple[str, ...], str]:
    """The synonyms of one language, checked against the words its phrases write.

    Raises:
        SynonymError: a synonym that would change what a phrase, a filler or a negation reads.
    """
    built: dict[tuple[str, ...], str] = {}
    for word, synonyms in by_word.items():
        if fold(word) not in written:
            continue  # a word of a tool with no phrase here: its synonyms read nothing
        for synonym in synonyms:
            for form, target in _pairs(profile, word, synonym, written):
                words = tuple(token.norm for token in tokenize(form) if token.kind is Kind.WORD)
                _check(profile, word, form, words, written, pairs, fillers)
                earlier = built.setdefault(words, fold(target))
                if earlier != fold(target):
                    raise SynonymError(
                        word, f"{form!r} is given for both {earlier!r} and {fold(target)!r}."
                    )
    return built


def _check(
    profile: Profile,
    word: str,
    form: str,
    words: tuple[str, ...],
    written: frozenset[str],
    pairs: frozenset[tuple[str, str]],
    fillers: frozenset[str],
) -> None:
    problem = None
    if not words:
        problem = f"{form!r} holds no word"
    elif any(profile.negates(w) for w in words):
        problem = f"{form!r} is a negation, which a synonym would hide"
    elif any(w in profile.hedges for w in words):
        problem = f"{form!r} supposes or reports, which a synonym would hide"
    elif any(any(ch.isdigit() for ch in w) for w in words):
        problem = f"{form!r} holds a number"
    elif len(words) == 1 and words[0] in fillers:
        problem = f"{form!r} is a filler, which a turn may add anywhere"
    elif len(words) == 1 and words[0] in written:
        problem = f"{form!r} is a word the phrases write, so it already reads as itself"
    elif len(words) > 1 and all(pair in pairs for pair in itertools.pairwise(words)):
        problem = f"{form!r} is written so by the phrases, so it already reads as itself"
    if problem is not None:
        raise SynonymError(word, f"the synonym {problem}.")


def read_synonyms(
    tokens: Sequence[Token],
    synonyms: Synonyms,
    longest: int,
    spell: Callable[[str], frozenset[str]] | None = None,
) -> list[Token]:
    """The tokens with each synonym read as its word: one token, spanning all it was typed as. A
    synonym of several words also reads with a word of it one edit off (`spell`): "copy of the
    recipt" is "copy of the receipt", as "recipt" alone is "receipt"."""
    mended = [_mended(token, spell) for token in tokens] if spell is not None else None
    out: list[Token] = []
    at = 0
    while at < len(tokens):
        token = tokens[at]
        size = 1
        if token.kind is Kind.WORD:
            for size in range(min(longest, len(tokens) - at), 0, -1):
                typed = tokens[at : at + size]
                word = synonyms.get(tuple(t.norm for t in typed))
                if word is None and size > 1 and mended is not None:
                    word = synonyms.get(tuple(mended[at : at + size]))
                if word is not None and all(t.kind is Kind.WORD for t in typed):
                    token = Token(word, token.start, typed[-1].end, Kind.WORD)
                    break
        out.append(token)
        at += max(size, 1)
    return out


def _mended(token: Token, spell: Callable[[str], frozenset[str]]) -> str:
    """The token's word, or the one word it is a typo of where there is exactly one."""
    found = spell(token.norm) if token.kind is Kind.WORD else frozenset()
    return next(iter(found)) if len(found) == 1 else token.norm
