"""Numbers as each locale writes them: digits through babel, words through text2num."""

from __future__ import annotations

import re
from decimal import Decimal
from functools import lru_cache
from typing import Final

from babel.numbers import NumberFormatError, format_decimal, parse_decimal
from text_to_num import text2num

from stalwart_agents.selector._profile import Profile
from stalwart_agents.selector._text import Kind, Token

__all__ = ["MAX_DIGITS", "format_number", "holdable", "read_number"]

# Digits with the separators a locale may use; the locale then decides which one is decimal.
_DIGITS: Final = re.compile(r"\d[\d.,]*")
# One mark followed by exactly two digits ("32.40" in pt-BR, "32,40" in English) cannot be a
# thousands separator in either locale, so it can only be cents: people type the other locale's
# decimal mark on phones. Anything else the locale does not write stays unread.
_CENTS_MARK: Final = re.compile(r"(\d+)[.,](\d\d)")
# A number in thousands written short: "1.2k", "15k".
_THOUSANDS: Final = re.compile(r"(\d[\d.,]*)k")
_THOUSAND: Final = Decimal(1000)
_SPELLED_WORD: Final = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")
# "nine hundred ninety nine thousand nine hundred ninety nine" is ten words.
_MAX_SPELLED: Final = 10
# A float, and a browser's number, hold any number of this many digits exactly; a longer one
# would come out changed, so it is not read at all.
MAX_DIGITS: Final = 15


@lru_cache(maxsize=4096)
def _digits(norm: str, locale: str) -> Decimal | None:
    try:
        return parse_decimal(norm, locale=locale, strict=True)
    except ArithmeticError:
        return None  # more digits than a Decimal holds: babel cannot even check the separators
    except NumberFormatError:
        cents = _CENTS_MARK.fullmatch(norm)
        return Decimal(f"{cents[1]}.{cents[2]}") if cents else None


@lru_cache(maxsize=4096)
def _spelled(words: tuple[str, ...], language: str) -> int | None:
    try:
        return int(text2num(" ".join(words), language))
    except ValueError:
        return None


def _spelled_run(tokens: tuple[Token, ...], pos: int, language: str) -> int:
    """Where a run of number words from `pos` may end: number words, each pair at most one
    other word apart ("quarenta e dois", "one hundred and five")."""
    end = pos + 1
    limit = min(len(tokens), pos + _MAX_SPELLED)
    while end < limit:
        if _word(tokens[end], language):
            end += 1
        elif (
            end + 1 < limit
            and _SPELLED_WORD.fullmatch(tokens[end].norm)
            and _word(tokens[end + 1], language)
        ):
            end += 2
        else:
            break
    return end


def _word(token: Token, language: str) -> bool:
    """A token that is a number word on its own ("forty", "hundred", "mil")."""
    return (
        token.kind is Kind.WORD
        and _SPELLED_WORD.fullmatch(token.norm) is not None
        and _spelled((token.norm,), language) is not None
    )


def holdable(value: Decimal) -> bool:
    """Whether a number keeps every digit as a float: at most `MAX_DIGITS` of them."""
    digits = value.as_tuple().digits
    significant = len(digits) - next((i for i, d in enumerate(digits) if d), len(digits))
    return value.is_finite() and significant <= MAX_DIGITS


def _thousands(tokens: tuple[Token, ...], pos: int, profile: Profile) -> list[tuple[int, Decimal]]:
    """Digits in thousands: "1.2k", "1,5k" in pt-BR, "1,5 mil", "2 thousand"."""
    norm = tokens[pos].norm
    short = _THOUSANDS.fullmatch(norm)
    if short:
        value = _digits(short[1], profile.locale)
        return [] if value is None else [(pos + 1, value * _THOUSAND)]
    if pos + 1 < len(tokens) and tokens[pos + 1].norm in profile.thousands:
        value = _digits(norm, profile.locale)
        return [] if value is None else [(pos + 2, value * _THOUSAND)]
    return []


def read_number(tokens: tuple[Token, ...], pos: int, profile: Profile) -> list[tuple[int, Decimal]]:
    """Every way a number can start at `pos`, as (end, value), the longest first; a number too
    long to hold exactly is not read."""
    token = tokens[pos]
    if token.kind is not Kind.WORD:
        return []
    if _DIGITS.fullmatch(token.norm) or _THOUSANDS.fullmatch(token.norm):
        found = _thousands(tokens, pos, profile)
        if _DIGITS.fullmatch(token.norm):
            value = _digits(token.norm, profile.locale)
            found += [] if value is None else [(pos + 1, value)]
        return [(end, value) for end, value in found if holdable(value)]
    if not _word(token, profile.spelled):
        return []
    readings: list[tuple[int, Decimal]] = []
    for end in range(_spelled_run(tokens, pos, profile.spelled), pos, -1):
        number = _spelled(tuple(t.norm for t in tokens[pos:end]), profile.spelled)
        if number is not None and holdable(Decimal(number)):
            readings.append((end, Decimal(number)))
    return readings


def format_number(value: Decimal | int | float, profile: Profile, *, decimals: int = 0) -> str:
    """Write a number as a person of the locale would type it, without grouping."""
    pattern = "0" if decimals == 0 else "0." + "0" * decimals
    return format_decimal(value, format=pattern, locale=profile.locale)
