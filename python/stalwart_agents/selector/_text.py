"""Tokens of a turn: compared without case, accents or punctuation, each keeping its place."""

from __future__ import annotations

import re
import unicodedata
from enum import Enum
from functools import lru_cache
from typing import Final, NamedTuple

from stalwart_agents.selector._asides import parted_asides

__all__ = ["FINAL_MARKS", "Kind", "Token", "fold", "tokenize"]

# Marks that end a sentence and say how it is meant: "chegou tudo certo?" asks, "." states.
FINAL_MARKS: Final = "?!.…"


class Kind(Enum):
    """What a token is, for the reader's purposes."""

    # Letters, digits or both, with inner marks kept ("4411", "40,00", "ch-4411", "não").
    WORD = "word"
    # A currency sign read as its own token ("$", "R$"), so "$40" and "R$ 40" read alike.
    CURRENCY = "currency"
    # A mark that ends a clause (",", ";", "."): skipped, and it may join two calls.
    BREAK = "break"


class Token(NamedTuple):
    """One token: its folded form for comparison, and where it sits in the original text."""

    norm: str
    start: int
    end: int
    kind: Kind


_TOKEN_RE: Final = re.compile(
    # "No. 4411", "nº 4411", "n.º 4411", "n° 4411", "num. 4411": "number" before digits,
    # dropped like "#"; never "no".
    r"(?P<numero>(?<![\w@])(?i:num|nro|no|nr|n)(?:\.[º°]?|[º°])(?=\s*#?\d))"
    # A sign before a currency keeps its amount signed too ("-$20" is one word, never 20).
    r"|(?P<signed>(?<![\w@])[-+−](?i:r\$|us\$|\$|€|£)\s?\d(?:[\d.,]*\d)?)"  # noqa: RUF001
    # "U$" is "US$" with a letter dropped, and "RS" before an amount is "R$" typed without the
    # sign ("RS 150"): each reads as the sign it stands for.
    r"|(?P<currency>(?i:r\$|us?\$|\$|€|£|(?<![\w@])rs(?=\s?\d)))"
    # Cents typed without the zero (".99", ",5") are cents, never 99 or 5 whole.
    r"|(?P<cents>(?<![\w@.,])[.,]\d{1,2}(?![\w@.,]))"
    # Laughter parts clauses as an emoji does ("sexta feira kkk cancela o 1657", "hahaha").
    r"|(?P<laugh>(?<![\w@])(?i:k{3,}|(?:ha){2,}h?|(?:rs){2,})(?![\w@]))"
    # A word may hold inner marks ("1.234,56", "ch-4411", "bob@example.com", "d'água"), and a
    # number keeps its sign ("-40", "40-"), so that no slot reads it as 40.
    r"|(?P<word>(?:(?<![\w@])[-+−](?=\d))?[\w@](?:[\w@.,'’\-/]*[\w@])?"  # noqa: RUF001
    r"(?:(?<=\d)[-+−](?![\w@]))?)"  # noqa: RUF001
    # "&" and a "+" standing alone join like a comma ("cancel 4411 & 4412"); a dash standing
    # alone parts like one ("cancel 4411 - duplicate").
    r"|(?P<brk>[,;.!?:…&–—]|(?<!\S)[-+](?!\S))"  # noqa: RUF001
    # Brackets, which part an aside of words from its clause (see _asides).
    r"|(?P<paren>[()])"
    # An emoji parts clauses as a mark does ("busy day 😅 where is order 1084?").
    r"|(?P<emoji>[\U0001F000-\U0001FAFF\u2600-\u27BF\u2B00-\u2BFF][\uFE0F\u200D\U0001F3FB-\U0001F3FF\U0001F000-\U0001FAFF\u2600-\u27BF]*)"
)


# Signs typed short, as the signs they stand for.
_SIGNS: Final = {"u$": "us$", "rs": "r$"}

# The groups of the pattern that part clauses.
_BREAKS: Final = frozenset(("brk", "emoji", "laugh", "paren"))


@lru_cache(maxsize=8192)
def fold(text: str) -> str:
    """Fold case, accents and compatibility forms: "Cartão", "cartao" and "CARTÃO" compare equal."""
    decomposed = unicodedata.normalize("NFKD", text.replace("’", "'"))  # noqa: RUF001
    bare = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return bare.casefold()


def tokenize(text: str) -> tuple[Token, ...]:
    """Split a text into tokens, dropping marks that mean nothing to the reader ("#", quotes)."""
    tokens: list[Token] = []
    asides = parted_asides(text)
    for match in _TOKEN_RE.finditer(text):
        group = match.lastgroup
        if group == "numero" or (group == "paren" and match.start() not in asides):
            continue
        kind = (
            Kind.CURRENCY if group == "currency" else Kind.BREAK if group in _BREAKS else Kind.WORD
        )
        norm = ("0" if group == "cents" else "") + fold(match.group())
        norm = _SIGNS.get(norm, norm) if kind is Kind.CURRENCY else norm
        tokens.append(Token(norm, match.start(), match.end(), kind))
    return tuple(tokens)
