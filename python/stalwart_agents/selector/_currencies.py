"""The words that mark an amount as money in a tool's currency, in each language the reader reads.

A language's own marks ("$", "dollars"; "R$", "reais") say only that a number is money. A tool's
declared currency adds its own, so a pt-BR turn to a shop that charges in US dollars reads
"85 dólares", "US$ 2.000" and "$149,99": what the person approves is the amount shown in the
tool's currency, never a conversion. Another currency's marks are never read.
"""

from __future__ import annotations

from functools import cache
from typing import Final

from babel.numbers import get_currency_symbol

from stalwart_agents.selector._languages import PROFILES
from stalwart_agents.selector._text import fold

__all__ = ["LED", "NAMES", "Marks", "currency_marks", "marked"]

# The marks written before an amount, and those written after it.
Marks = tuple[frozenset[str], frozenset[str]]


def _marks(before: str, after: str) -> Marks:
    return frozenset(fold(w) for w in before.split()), frozenset(fold(w) for w in after.split())


# How people write the common currencies, per language; any other is written with Babel's symbol
# for the locale and its ISO code.
_WORDS: Final[dict[str, dict[str, Marks]]] = {
    "USD": {
        # "USS 60": "US$" typed where the $ key was missed.
        "en": _marks("$ us$ usd uss", "dollars dollar bucks usd $"),
        "pt-BR": _marks("us$ $ usd uss", "dólares dólar doletas doleta usd $"),
    },
    "BRL": {
        "en": _marks("r$ brl", "reais real brl"),
        "pt-BR": _marks("r$ brl", "reais real brl"),
    },
    "EUR": {
        "en": _marks("€ eur", "euros euro eur €"),
        "pt-BR": _marks("€ eur", "euros euro eur €"),
    },
    "GBP": {
        "en": _marks("£ gbp", "pounds pound quid gbp £"),
        "pt-BR": _marks("£ gbp", "libras libra gbp £"),
    },
}


# The sign an amount reads with where words lead it ("valor 75", "it's 60"): every currency's.
LED: Final = "¤"

# Currencies' names are spelt by ear ("dollers", "dolars", "reias"), and only they are guessed at:
# slang ("contos", "pilas") is too near other words ("contas", "pilhas"), and so is a short word.
NAMES: Final = frozenset(
    fold(w) for w in ("dollars", "dollar", "dólares", "dólar", "reais", "euros", "pounds", "libras")
)
_SPELT_MIN: Final = 4
_VOWELS: Final = frozenset("aeiou")


def _by_ear(typed: str, word: str) -> bool:
    """`typed` is `word` with a letter left out or added, two neighbours swapped, or one vowel
    written as another: how a currency's name is misspelt, never a different word."""
    if len(typed) == len(word):
        diffs = [i for i, (a, b) in enumerate(zip(typed, word, strict=True)) if a != b]
        if len(diffs) == 1:
            return {typed[diffs[0]], word[diffs[0]]} <= _VOWELS
        return (
            len(diffs) == 2
            and diffs[1] == diffs[0] + 1
            and typed[diffs[0]] == word[diffs[1]]
            and typed[diffs[1]] == word[diffs[0]]
        )
    shorter, longer = sorted((typed, word), key=len)
    return len(longer) - len(shorter) == 1 and any(
        longer[:i] + longer[i + 1 :] == shorter for i in range(len(longer))
    )


@cache
def marked(norm: str, marks: frozenset[str]) -> bool:
    """Whether a word after an amount is one of its currency's `marks`, or one misspelt by ear
    ("320 dollers", "50 reias"); a word the language knows otherwise is never taken for one."""
    if norm in marks:
        return True
    return (
        len(norm) >= _SPELT_MIN
        and norm.isalpha()
        and any(_by_ear(norm, mark) for mark in marks & NAMES)
    )


@cache
def currency_marks(code: str | None, tag: str) -> Marks:
    """The marks an amount in `code` may carry in the language `tag`: the language's own, and the
    currency's; only the language's own where the tool declares no currency."""
    profile = PROFILES[tag]
    before, after = profile.currency_before | {LED}, profile.currency_after
    if code is None:
        return before, after
    own = _WORDS.get(code, {}).get(profile.tag)
    if own is None:
        symbol = fold(get_currency_symbol(code, locale=profile.locale))
        own = frozenset((symbol, fold(code))), frozenset((fold(code),))
    return before | own[0], after | own[1]
