"""The language a turn is read in: chosen by configuration in a fixed order, never guessed."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Final

from stalwart_agents._generated.spec import LANGUAGES

__all__ = [
    "DEFAULT_LANGUAGE",
    "LANGUAGES",
    "UnsupportedLanguage",
    "check_language",
    "choose_language",
    "say",
]

# English is the spec's first language and the one used when nothing chooses.
DEFAULT_LANGUAGE: Final = LANGUAGES[0]

_BY_FOLDED: Final = {tag.casefold(): tag for tag in LANGUAGES}
# "en-" and one or more BCP 47 subtags of 1 to 8 letters or digits.
_ENGLISH_REGION: Final = re.compile(r"en(?:-[a-z0-9]{1,8})+")


class UnsupportedLanguage(ValueError):
    """A language tag the selector has no grammar for; a configuration error, never a guess."""

    def __init__(self, tag: object) -> None:
        self.tag = tag
        supported = " and ".join(LANGUAGES)
        super().__init__(
            f"The language {tag!r} is not supported: the selector reads {supported} only."
        )


def check_language(tag: str) -> str:
    """Return the spec's spelling of a supported tag (case does not matter), or raise.

    Any BCP 47 tag of English ("en-US", "en-GB", "en-Latn-US") reads as `en`: hosts send them,
    and the selector's English has no regional grammar. Portuguese other than pt-BR does not.
    """
    if not isinstance(tag, str):
        raise UnsupportedLanguage(tag)
    folded = tag.casefold()
    if _ENGLISH_REGION.fullmatch(folded):
        return DEFAULT_LANGUAGE
    try:
        return _BY_FOLDED[folded]
    except KeyError:
        raise UnsupportedLanguage(tag) from None


def choose_language(*candidates: str | None) -> str:
    """The first language that was set, in the caller's order of precedence; English without one."""
    for candidate in candidates:
        if candidate is not None:
            return check_language(candidate)
    return DEFAULT_LANGUAGE


def say(words: str | Mapping[str, str], language: str) -> str:
    """Text given once or per language, in a language: its own, else English, else the first."""
    if isinstance(words, str):
        return words
    return words.get(language) or words.get(DEFAULT_LANGUAGE) or next(iter(words.values()))
