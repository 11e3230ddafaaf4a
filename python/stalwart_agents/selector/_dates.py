"""Calendar dates as each locale writes them, with day order and month names from CLDR (babel)."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterator
from functools import cache
from typing import Final

from babel import Locale
from babel.dates import format_date, get_date_format

from stalwart_agents.selector._profile import Profile
from stalwart_agents.selector._text import Kind, Token, fold

__all__ = ["day_positions", "format_day", "read_date"]

_ISO: Final = re.compile(r"\d{4}-\d{1,2}-\d{1,2}")
_NUMERIC: Final = re.compile(r"(\d{1,4})/(\d{1,2})(?:/(\d{2,4}))?")
_YEAR: Final = re.compile(r"\d{4}")


@cache
def _months(locale: str) -> dict[str, int]:
    """Every spelling of every month in the locale, folded: wide and abbreviated, both contexts."""
    data = Locale.parse(locale).months
    names: dict[str, int] = {}
    for context in ("format", "stand-alone"):
        for width in ("wide", "abbreviated"):
            for number, name in data[context][width].items():
                names[fold(name).rstrip(".")] = number
    return names


@cache
def _numeric_order(locale: str) -> tuple[str, str]:
    """Whether the locale's short date puts the day or the month first ("dM" or "Md")."""
    pattern = get_date_format("short", locale=locale).pattern
    return ("d", "M") if pattern.index("d") < pattern.index("M") else ("M", "d")


def _day(token: Token, profile: Profile) -> int | None:
    norm = token.norm
    for suffix in profile.ordinal_suffixes:
        if norm.endswith(suffix) and norm[: -len(suffix)].isdigit():
            norm = norm[: -len(suffix)]
            break
    if token.kind is Kind.WORD and norm.isdigit() and len(norm) <= 2:
        return int(norm)
    return None


def _date(year: int, month: int, day: int) -> dt.date | None:
    try:
        return dt.date(year, month, day)
    except ValueError:
        return None


def _single(token: Token, profile: Profile, today: dt.date) -> dt.date | None:
    if token.kind is not Kind.WORD:
        return None
    if _ISO.fullmatch(token.norm):
        year, month, day = (int(part) for part in token.norm.split("-"))
        return _date(year, month, day)
    numeric = _NUMERIC.fullmatch(token.norm)
    if numeric is None:
        return None
    first, second, year_text = numeric.groups()
    parts = dict(zip(_numeric_order(profile.locale), (int(first), int(second)), strict=True))
    year = today.year if year_text is None else int(year_text)
    if year_text is not None and len(year_text) == 2:
        year += today.year // 100 * 100
    return _date(year, parts["M"], parts["d"])


def _skip(tokens: tuple[Token, ...], pos: int, glue: frozenset[str]) -> int:
    """Step over commas and the little words a written date may hold ("de", "of")."""
    while pos < len(tokens) and (tokens[pos].kind is Kind.BREAK or tokens[pos].norm in glue):
        pos += 1
    return pos


def _spelled(
    tokens: tuple[Token, ...], pos: int, profile: Profile, today: dt.date
) -> Iterator[tuple[int, dt.date]]:
    """Day and month name in either order ("12 de abril", "April 12th"), then any year."""
    months = _months(profile.locale)
    glue = profile.connectives
    day = _day(tokens[pos], profile)
    if day is not None:
        last = _skip(tokens, pos + 1, glue)
        month = months.get(tokens[last].norm) if last < len(tokens) else None
    else:
        month = months.get(tokens[pos].norm)
        last = _skip(tokens, pos + 1, glue)
        day = _day(tokens[last], profile) if last < len(tokens) else None
    if day is None or month is None:
        return
    end = last + 1
    year_at = _skip(tokens, end, glue)
    if year_at < len(tokens) and _YEAR.fullmatch(tokens[year_at].norm):
        dated = _date(int(tokens[year_at].norm), month, day)
        if dated is not None:
            yield year_at + 1, dated
    dated = _date(today.year, month, day)
    if dated is not None:
        yield end, dated


def read_date(
    tokens: tuple[Token, ...], pos: int, profile: Profile, today: dt.date
) -> list[tuple[int, dt.date]]:
    """Every way a date can start at `pos`, as (end, date), the longest first."""
    single = _single(tokens[pos], profile, today)
    if single is not None:
        return [(pos + 1, single)]
    return list(_spelled(tokens, pos, profile, today))


@cache
def _day_words(locale: str) -> frozenset[str]:
    """The locale's words for a day and days, from CLDR's unit names ("day", "dias")."""
    names = Locale.parse(locale).unit_display_names["duration-day"].values()
    return frozenset(word for name in names for word in (fold(name), fold(name).rstrip("s")))


def day_positions(tokens: tuple[Token, ...], profile: Profile, today: dt.date) -> frozenset[int]:
    """Where a turn names a day: every token of a date, and a number beside the word for days
    ("dia 15", "10 days"), which no order number is."""
    found: set[int] = set()
    days = _day_words(profile.locale)
    for pos, token in enumerate(tokens):
        for end, _ in read_date(tokens, pos, profile, today):
            found.update(range(pos, end))
        beside = (pos > 0 and tokens[pos - 1].norm in days) or (
            pos + 1 < len(tokens) and tokens[pos + 1].norm in days
        )
        if beside and token.norm.isdigit():
            found.add(pos)
    return frozenset(found)


def format_day(day: dt.date, profile: Profile) -> str:
    """Write a date in the locale's long form ("April 12, 2026", "12 de abril de 2026")."""
    return format_date(day, format="long", locale=profile.locale)
