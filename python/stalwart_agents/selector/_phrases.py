"""Phrases: the vocabulary's sentence patterns, parsed once and expanded into flat templates.

A phrase is words and `{slot}`s, with two groupings:
- `[words]`: optional words ("charge {amount} [to order {order_id}]"), `[a | b]` one or none;
- `(a | b)`: alternatives ("(charge | bill) {amount} to order {order_id}").
Groups nest. A filler word is optional in a phrase, unless written with a leading `+`: in
"charge {amount} (+on | +to) {order_id}" the preposition must be typed, so that "charge 40 on
4411" reads while "charge 4411 40" does not. Each phrase expands into every combination (at
most 256), and each combination is one template the matcher tries.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import product
from typing import Final

from stalwart_agents.errors import StalwartError
from stalwart_agents.selector._text import Kind, tokenize

__all__ = ["MAX_VARIANTS", "PhraseError", "SlotRef", "Word", "expand"]

MAX_VARIANTS: Final = 256

_SLOT_NAME: Final = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_SYNTAX: Final = re.compile(r"\{[^{}]*\}|[\[\]()|{}]|[^\[\]()|{}]+")


class PhraseError(StalwartError, ValueError):
    """A phrase that cannot be parsed; the vocabulary adds the file and line."""


@dataclass(frozen=True, slots=True)
class Word:
    """A word the turn must hold (folded), unless it is `optional` (a filler of the language)."""

    norm: str
    # As the vocabulary wrote it, accents and all, for the examples a person is shown.
    text: str
    optional: bool = False


@dataclass(frozen=True, slots=True)
class SlotRef:
    """Where a phrase reads an argument."""

    name: str


Element = Word | SlotRef
# A word as written, folded, and whether it is required even as a filler; or a slot.
_Part = tuple[str, str, bool] | SlotRef
_Variants = list[tuple[_Part, ...]]


class _Parser:
    """Recursive descent: phrase := item*; item := word, {slot}, [alternatives], (alternatives)."""

    def __init__(self, phrase: str) -> None:
        self.phrase = phrase
        self.pieces = _SYNTAX.findall(phrase)
        self.at = 0

    def parse(self) -> _Variants:
        variants = self._sequence()
        if self.at < len(self.pieces):
            raise PhraseError(f"unexpected {self.pieces[self.at].strip()!r}")
        return variants

    def _peek(self) -> str | None:
        return self.pieces[self.at] if self.at < len(self.pieces) else None

    def _sequence(self) -> _Variants:
        variants: _Variants = [()]
        while (piece := self._peek()) is not None and piece not in ("]", ")", "|"):
            self.at += 1
            if piece == "[":
                inner = self._alternatives()
                self._expect("]")
                options = [*inner, ()]
            elif piece == "(":
                options = self._alternatives()
                self._expect(")")
            elif piece in ("{", "}"):
                raise PhraseError(f"a lone {piece!r}: write a slot as {{name}}")
            elif piece.startswith("{"):
                options = [(self._slot(piece),)]
            else:
                words = tuple(
                    (piece[t.start : t.end], t.norm, piece[t.start - 1 : t.start] == "+")
                    for t in tokenize(piece)
                    if t.kind is not Kind.BREAK
                )
                options = [words]
            variants = [left + right for left, right in product(variants, options)]
            if len(variants) > MAX_VARIANTS:
                raise PhraseError(f"it expands into more than {MAX_VARIANTS} variants")
        return variants

    def _alternatives(self) -> _Variants:
        options = self._sequence()
        while self._peek() == "|":
            self.at += 1
            options += self._sequence()
        return options

    def _slot(self, piece: str) -> SlotRef:
        name = piece[1:-1].strip()
        if not _SLOT_NAME.fullmatch(name):
            raise PhraseError(f"{piece!r} is not a slot: write {{name}} with a plain name")
        return SlotRef(name)

    def _expect(self, closing: str) -> None:
        if self._peek() != closing:
            raise PhraseError(f"a group is not closed ({closing!r} is missing)")
        self.at += 1


def expand(phrase: str, fillers: frozenset[str]) -> Iterator[tuple[Element, ...]]:
    """Every flat template a phrase stands for, words marked optional where they are fillers.

    Raises:
        PhraseError: the phrase is malformed, names a slot twice, or holds no word of its own.
    """
    if not phrase.strip():
        raise PhraseError("the phrase is empty")
    for variant in dict.fromkeys(_Parser(phrase).parse()):
        names = [part.name for part in variant if isinstance(part, SlotRef)]
        repeated = sorted({name for name in names if names.count(name) > 1})
        if repeated:
            raise PhraseError(f"the slot {{{repeated[0]}}} appears twice in one reading")
        elements = tuple(
            part
            if isinstance(part, SlotRef)
            else Word(part[1], part[0], part[1] in fillers and not part[2])
            for part in variant
        )
        if not any(isinstance(e, Word) and not e.optional for e in elements):
            raise PhraseError(
                "it has no word of its own beyond fillers, so it would read almost anything"
            )
        yield elements
