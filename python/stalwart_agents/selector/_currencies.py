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

__all__ = ["Marks", "currency_marks"]

# The marks written before an amount, and those written after it.
Marks = tuple[frozenset[str], frozenset[str]]


def _marks(before: str, after: str) -> Marks:
    return frozenset(fold(w) for w in before.split()), frozenset(fold(w) for w in after.split())


# How people write the common currencies, per language; any other is written with Babel's symbol
# for the locale and its ISO code.
_WORDS: Final[dict[str, dict[str, Marks]]] = {
    "USD": {
        "en": _marks("$ us$ usd", "dollars dollar bucks usd $"),
        "pt-BR": _marks("us$ $ usd", "dólares dólar doletas doleta usd $"),
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


@cache
def currency_marks(code: str | None, tag: str) -> Marks:
    """The marks an amount in `code` may carry in the language `tag`: the language's own, and the
    currency's; only the language's own where the tool declares no currency."""
    profile = PROFILES[tag]
    before, after = profile.currency_before, profile.currency_after
    if code is None:
        return before, after
    own = _WORDS.get(code, {}).get(profile.tag)
    if own is None:
        symbol = fold(get_currency_symbol(code, locale=profile.locale))
        own = frozenset((symbol, fold(code))), frozenset((fold(code),))
    return before | own[0], after | own[1]
