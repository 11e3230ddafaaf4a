"""Slot types: how each kind of argument is read from a turn, and how it is written in an example.

Every reader returns every way the slot can be read at a position, as (end, value), so the
matcher can choose among them; none of them looks past the tokens it is handed.
"""

from __future__ import annotations

import datetime as dt
import re
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, Final

from stalwart_agents.selector._currencies import Marks, currency_marks, marked
from stalwart_agents.selector._dates import format_day, read_date
from stalwart_agents.selector._numbers import format_number, holdable, read_number
from stalwart_agents.selector._profile import Profile
from stalwart_agents.selector._text import FINAL_MARKS, Kind, fold, tokenize
from stalwart_agents.selector._text_ends import asked_as_question, signed_off
from stalwart_agents.selector._turn import TokenizedTurn

__all__ = [
    "SLOT_TYPES",
    "DateSlot",
    "IdentifierSlot",
    "MoneySlot",
    "NumberSlot",
    "OneOfSlot",
    "Slot",
    "TextSlot",
    "closing_quote",
]

Reading = tuple[int, Any]

# An example given per language ({en: ..., pt-BR: ...}) or once for all of them.
Example = Any

_CENT: Final = Decimal("0.01")


def _per_language(example: Example, profile: Profile) -> Any:
    if isinstance(example, Mapping):
        return example.get(profile.tag)
    return example


def _numbers(turn: TokenizedTurn, pos: int) -> list[tuple[int, Decimal]]:
    """The numbers that start at `pos`, read once per turn."""
    found = turn.numbers.get(pos)
    if found is None:
        found = turn.numbers[pos] = read_number(turn.tokens, pos, turn.profile)
    return found


def _named_cents(turn: TokenizedTurn, pos: int) -> list[tuple[int, Decimal]]:
    """The cents right after a whole amount's currency, no joiner between, as it is said:
    "fifteen dollars fifty", "twelve dollars fifty cents": 1 to 99 with the word for cents
    after it, or 10 to 99 spelled out."""
    tokens = turn.tokens
    if pos >= len(tokens) or tokens[pos].kind is not Kind.WORD:
        return []
    found = []
    for end, value in _numbers(turn, pos):
        if value != value.to_integral_value() or not 0 < value < 100:
            continue
        if end < len(tokens) and tokens[end].norm in turn.profile.cents:
            found.append((end + 1, value * _CENT))
        elif value >= 10 and _spelled(turn, pos, end):
            found.append((end, value * _CENT))
    return found


def _cents(turn: TokenizedTurn, pos: int) -> list[tuple[int, Decimal]]:
    """ "and fifty cents", "e 50 centavos", "e cinquenta" after a whole amount: a joiner, then
    cents as `_named_cents` reads them."""
    tokens = turn.tokens
    if pos + 1 >= len(tokens) or not turn.between[pos] or turn.inside[pos]:
        return []
    return _named_cents(turn, pos + 1)


def _cents_only(turn: TokenizedTurn, end: int, value: Decimal) -> bool:
    """Whether a whole number of 1 to 99 is followed by the word for cents: "99 cents"."""
    whole = value == value.to_integral_value() and 0 < value < 100
    return whole and end < len(turn.tokens) and turn.norms[end] in turn.profile.cents


def _spelled(turn: TokenizedTurn, start: int, end: int) -> bool:
    return all(norm.isalpha() for norm in turn.norms[start:end])


def _spoken_cents(
    turn: TokenizedTurn, start: int, marks: frozenset[str]
) -> list[tuple[int, Decimal]]:
    """A spelled amount and its spelled cents, as it is said: "nine forty", "doze e cinquenta";
    only where the words make no one number ("twenty five" is 25), and the cents are 10 to 99,
    with the currency after them or none ("nine forty dollars")."""
    numbers = _numbers(turn, start)
    if not numbers or not _spelled(turn, start, numbers[0][0]):
        return []
    end, whole = numbers[0]
    if not 0 < whole < 1000 or end >= len(turn.tokens):
        return []
    at = end + 1 if turn.separators[end] and turn.tokens[end].kind is Kind.WORD else end
    found = []
    for cents_end, cents in _numbers(turn, at)[:1] if at < len(turn.tokens) else ():
        after = turn.norms[cents_end] if cents_end < len(turn.tokens) else ""
        said = _spelled(turn, at, cents_end) and after not in turn.profile.cents
        if said and cents == cents.to_integral_value() and 10 <= cents < 100:
            stop = cents_end + marked(after, marks)
            found.append((stop, whole + cents * _CENT))
    return found


def _plain(value: Decimal) -> int | float:
    """A whole number stays an int (40), any other becomes a float (40.5)."""
    return int(value) if value == value.to_integral_value() else float(value)


@dataclass(frozen=True)
class Slot(ABC):
    """One typed hole in a phrase, named after the tool argument it fills."""

    name: str
    example: Example = None

    # Free text reads any words, so the matcher bounds it by the words of the phrase around it.
    free: bool = False
    # A slot that names one thing of many may list several ("orders 1 and 2"): a call for each.
    listed: bool = False
    # An amount or a count: several calls could each take it or share it.
    quantity: bool = False

    @abstractmethod
    def read(self, turn: TokenizedTurn, pos: int) -> Sequence[Reading]:
        """Every way this slot can be read from the turn's tokens starting at `pos`."""

    @abstractmethod
    def default_example(self, profile: Profile, today: dt.date) -> Any:
        """The value an example shows when the vocabulary gives none."""

    def render(self, value: Any, profile: Profile) -> str:
        """Write a sample value as a person of the language would type it."""
        return str(value)

    def sample(self, profile: Profile, today: dt.date) -> str:
        """The text an example phrase shows for this slot."""
        value = _per_language(self.example, profile)
        if value is None:
            value = self.default_example(profile, today)
        return value if isinstance(value, str) else self.render(value, profile)


@dataclass(frozen=True)
class NumberSlot(Slot):
    """A count or quantity: "3", "1,5" in pt-BR, "forty two"."""

    quantity: bool = True

    def read(self, turn: TokenizedTurn, pos: int) -> Sequence[Reading]:
        return [(end, _plain(value)) for end, value in _numbers(turn, pos)]

    def default_example(self, profile: Profile, today: dt.date) -> Any:
        return 2

    def render(self, value: Any, profile: Profile) -> str:
        decimals = 0 if float(value).is_integer() else 2
        return format_number(value, profile, decimals=decimals)


@dataclass(frozen=True)
class MoneySlot(Slot):
    """An amount, with its currency's or the language's marks before or after it: "$40",
    "R$ 40", "40 reais", and "85 dólares" in pt-BR for a tool that charges in dollars."""

    quantity: bool = True
    # The tool's currency as agent.yaml declares it; None reads the language's own marks only.
    currency: str | None = None

    def marks(self, profile: Profile) -> Marks:
        """The marks written before an amount and after it, in the profile's language."""
        return currency_marks(self.currency, profile.tag)

    def read(self, turn: TokenizedTurn, pos: int) -> Sequence[Reading]:
        tokens, profile = turn.tokens, turn.profile
        before, after = self.marks(profile)
        start = pos
        if tokens[pos].norm in before:
            start = pos + 1
        elif tokens[pos].kind is Kind.CURRENCY:
            return []
        if start >= len(tokens):
            return []
        readings: list[Reading] = [
            (cents_end, _plain(value)) for cents_end, value in _spoken_cents(turn, start, after)
        ]
        for end, value in _numbers(turn, start):
            if value != value.quantize(_CENT):
                continue  # money has cents at most
            whole = value == value.to_integral_value()
            if end < len(tokens) and marked(tokens[end].norm, after):
                for cents_end, cents in _cents(turn, end + 1) if whole else ():
                    readings.append((cents_end, _plain(value + cents)))
                for cents_end, cents in _named_cents(turn, end + 1) if whole else ():
                    readings.append((cents_end, _plain(value + cents)))
                readings.append((end + 1, _plain(value.quantize(_CENT))))
            elif start > pos and whole:  # "R$ 40 e 50 centavos", "$40 and 50 cents"
                for cents_end, cents in _cents(turn, end):
                    readings.append((cents_end, _plain(value + cents)))
            elif _cents_only(turn, end, value):  # "99 cents", "75 centavos"
                readings.append((end + 1, _plain(value * _CENT)))
            readings.append((end, _plain(value.quantize(_CENT))))
        return [(end, value) for end, value in readings if holdable(Decimal(repr(value)))]

    def default_example(self, profile: Profile, today: dt.date) -> Any:
        return 40

    def render(self, value: Any, profile: Profile) -> str:
        decimals = 0 if float(value).is_integer() else 2
        return format_number(value, profile, decimals=decimals)


_IDENTIFIER: Final = re.compile(r"[^\W_][\w\-./]*")


@dataclass(frozen=True)
class IdentifierSlot(Slot):
    """A reference kept as typed, as a string ("4411", "ch-4411"); by default it holds a digit.

    Right after one of its `after` words ("order abc") it also reads a word without a digit that
    the vocabulary never uses, so a wrong id is asked again instead of leaving the turn unread.
    """

    pattern: re.Pattern[str] | None = None
    listed: bool = True
    after: frozenset[str] = frozenset()
    known: frozenset[str] = frozenset()

    def read(self, turn: TokenizedTurn, pos: int) -> Sequence[Reading]:
        token = turn.tokens[pos]
        if token.kind is not Kind.WORD:
            return []
        typed = turn.text[token.start : token.end]
        if self.pattern is not None:
            return [(pos + 1, typed)] if self.pattern.fullmatch(typed) else []
        if not _IDENTIFIER.fullmatch(typed):
            return []
        if any(ch.isdigit() for ch in typed) or self._named(turn, pos):
            return [(pos + 1, typed)]
        return []

    def _named(self, turn: TokenizedTurn, pos: int) -> bool:
        """A word is an id only where its noun stands right before it and nothing else reads it."""
        word = turn.norms[pos]
        return (
            pos > 0
            and turn.norms[pos - 1] in self.after
            and word not in self.known
            and not turn.inside[pos]
            and not turn.between[pos]
            and not turn.profile.negates(word)
            and word not in turn.profile.pronouns
        )

    def default_example(self, profile: Profile, today: dt.date) -> Any:
        return "1234"


# The final marks as tokens ("…" folds to "...").
_FINAL_MARKS: Final = frozenset(fold(mark) for mark in FINAL_MARKS)

_OPENING_QUOTES: Final = '"“«'
_CLOSING_QUOTES: Final = '"”»'
# Single quotes open and close alike, and an apostrophe is one too.
_SINGLE_QUOTES: Final = "'‘’"  # noqa: RUF001


def closing_quote(turn: TokenizedTurn, pos: int) -> int | None:
    """Where the quote closes that opens right before the token at `pos`, if one does."""
    start = turn.tokens[pos].start
    before = turn.text[turn.tokens[pos - 1].end if pos else 0 : start].strip()
    if before and before[-1] in _SINGLE_QUOTES and turn.text[start - 1] in _SINGLE_QUOTES:
        return _closing_single_quote(turn.text, start)
    if not before or before[-1] not in _OPENING_QUOTES:
        return None
    ends = [turn.text.find(mark, start) for mark in _CLOSING_QUOTES]
    found = [at for at in ends if at >= 0]
    return min(found) if found else None


def _closing_single_quote(text: str, start: int) -> int | None:
    """The single quote that closes one opened before `start`: after a word and before no
    letter, so an apostrophe ("we're", "farmers' eggs" inside) never closes it."""
    if start >= 2 and not text[start - 2].isspace() and text[start - 2] not in ":(":
        return None  # "farmers' eggs": an apostrophe after a word opens nothing
    for at in range(start + 1, len(text)):
        closes = at + 1 == len(text) or not text[at + 1].isalnum()
        if text[at] in _SINGLE_QUOTES and not text[at - 1].isspace() and closes:
            return at
    return None


def _thanked(turn: TokenizedTurn, end: int, marked: int) -> bool:
    """Whether the marks after free text are a full stop that only thanks follow ("wrong size.
    thanks!"): it ends the sentence, not the value; a "?" or "!" stays with the value."""
    stop = all(turn.norms[at] == "." for at in range(end, marked))
    rest = [norm for norm in turn.norms[marked:] if norm not in _FINAL_MARKS]
    return stop and bool(rest) and all(norm in turn.profile.courtesy for norm in rest)


def _unmarked(turn: TokenizedTurn, end: int, marked: int) -> bool:
    """Whether the marks after free text are not its own: a full stop only thanks follow, or
    the "?" of a request asked as a question."""
    return (
        marked > signed_off(turn, end)
        or _thanked(turn, end, marked)
        or asked_as_question(turn, marked)
    )


def _sentence_opened(turn: TokenizedTurn, pos: int) -> bool:
    """Whether the token at `pos` opens a sentence, past the fillers before it: a note never
    does ("cancel 4507. Right, off to lunch" holds a sign-off, not a reason)."""
    at = pos - 1
    while at >= 0 and turn.inside[at]:
        if turn.norms[at] in _FINAL_MARKS:
            return True
        at -= 1
    return False


def _sentence_end(turn: TokenizedTurn, pos: int) -> int:
    """One past the last end a note from `pos` may have: the end of its sentence, its final
    marks left out where more words follow them ("because it came twice. That's all")."""
    for at in range(pos, len(turn.tokens)):
        if turn.norms[at] in _FINAL_MARKS and any(
            norm not in _FINAL_MARKS for norm in turn.norms[at:]
        ):
            return at + 1
    return len(turn.tokens) + 1


@dataclass(frozen=True)
class TextSlot(Slot):
    """Free words, kept as typed with the marks that end them ("did it arrive?"); a trailing
    "please" stays out unless it is all there is. Words opened by a quote end at its closing
    quote: `subject "Refund" saying it's done` holds the subject "Refund" and nothing after."""

    free: bool = True
    # A note ("reason: duplicate order.") ends before the marks typed after it: they end the
    # sentence, where a message's ("saying it ships today.") are its own.
    note: bool = False

    def read(self, turn: TokenizedTurn, pos: int) -> Sequence[Reading]:
        if not turn.free[pos] or (self.note and _sentence_opened(turn, pos)):
            return []
        close = closing_quote(turn, pos)
        if close is not None:
            end = pos
            while end < len(turn.tokens) and turn.tokens[end].end <= close:
                end += 1
            return [(end, turn.original(pos, end))] if end > pos else []
        readings: list[Reading] = []
        courteous = True
        stop = _sentence_end(turn, pos) if self.note else signed_off(turn, pos) + 1
        for end in range(pos + 1, stop):
            last = end - 1
            polite = turn.norms[last] in turn.profile.courtesy
            courteous = courteous and polite
            if turn.free[last] and (courteous or not polite):
                readings.append((end, turn.original(pos, end)))
                marked = end
                while marked < len(turn.tokens) and turn.norms[marked] in _FINAL_MARKS:
                    marked += 1
                if marked > end and not self.note and not _unmarked(turn, end, marked):
                    readings.append((marked, turn.original(pos, marked)))
        readings.reverse()
        return readings

    def default_example(self, profile: Profile, today: dt.date) -> Any:
        return self.name.replace("_", " ")


@dataclass(frozen=True)
class OneOfSlot(Slot):
    """One of a fixed set of values, each with the words that name it in each language."""

    # value -> language -> the words that name it, each as folded tokens.
    choices: Mapping[str, Mapping[str, tuple[tuple[str, ...], ...]]] = field(default_factory=dict)
    # value -> language -> the words as the vocabulary wrote them, for examples.
    spellings: Mapping[str, Mapping[str, tuple[str, ...]]] = field(default_factory=dict)

    @classmethod
    def build(
        cls, name: str, values: Mapping[str, Mapping[str, Sequence[str]]], example: Example
    ) -> OneOfSlot:
        """Fold each synonym once, at load."""
        choices = {
            value: {
                language: tuple(tuple(t.norm for t in tokenize(words)) for words in synonyms)
                for language, synonyms in by_language.items()
            }
            for value, by_language in values.items()
        }
        spellings = {
            value: {language: tuple(synonyms) for language, synonyms in by_language.items()}
            for value, by_language in values.items()
        }
        return cls(name=name, example=example, choices=choices, spellings=spellings)

    def read(self, turn: TokenizedTurn, pos: int) -> Sequence[Reading]:
        readings: list[Reading] = []
        for value, by_language in self.choices.items():
            for words in by_language.get(turn.profile.tag, ()):
                if turn.norms[pos : pos + len(words)] == words:
                    readings.append((pos + len(words), value))
        readings.sort(key=lambda reading: -reading[0])
        return readings

    def default_example(self, profile: Profile, today: dt.date) -> Any:
        for by_language in self.spellings.values():
            if by_language.get(profile.tag):
                return by_language[profile.tag][0]
        return ""

    def render(self, value: Any, profile: Profile) -> str:
        spellings = self.spellings.get(str(value), {}).get(profile.tag, ())
        return spellings[0] if spellings else str(value)


@dataclass(frozen=True)
class DateSlot(Slot):
    """A calendar day in the locale's order and month names; its value is ISO ("2026-04-12")."""

    def read(self, turn: TokenizedTurn, pos: int) -> Sequence[Reading]:
        return [
            (end, day.isoformat())
            for end, day in read_date(turn.tokens, pos, turn.profile, turn.today)
        ]

    def default_example(self, profile: Profile, today: dt.date) -> Any:
        return today

    def render(self, value: Any, profile: Profile) -> str:
        day = value if isinstance(value, dt.date) else dt.date.fromisoformat(str(value))
        return format_day(day, profile)


SLOT_TYPES: Final[dict[str, type[Slot]]] = {
    "number": NumberSlot,
    "money": MoneySlot,
    "identifier": IdentifierSlot,
    "text": TextSlot,
    "one_of": OneOfSlot,
    "date": DateSlot,
}
