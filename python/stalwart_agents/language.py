"""The language a turn is read in: chosen by configuration in a fixed order, never guessed."""

from __future__ import annotations

from typing import Final

from stalwart_agents._generated.spec import LANGUAGES

__all__ = [
    "DEFAULT_LANGUAGE",
    "LANGUAGES",
    "UnsupportedLanguage",
    "check_language",
    "choose_language",
]

# English is the spec's first language and the one used when nothing chooses.
DEFAULT_LANGUAGE: Final = LANGUAGES[0]

_BY_FOLDED: Final = {tag.casefold(): tag for tag in LANGUAGES}


class UnsupportedLanguage(ValueError):
    """A language tag the selector has no grammar for; a configuration error, never a guess."""

    def __init__(self, tag: object) -> None:
        self.tag = tag
        supported = " and ".join(LANGUAGES)
        super().__init__(
            f"The language {tag!r} is not supported: the selector reads {supported} only."
        )


def check_language(tag: str) -> str:
    """Return the spec's spelling of a supported tag (case does not matter), or raise."""
    if not isinstance(tag, str):
        raise UnsupportedLanguage(tag)
    try:
        return _BY_FOLDED[tag.casefold()]
    except KeyError:
        raise UnsupportedLanguage(tag) from None


def choose_language(*candidates: str | None) -> str:
    """The first language that was set, in the caller's order of precedence; English without one."""
    for candidate in candidates:
        if candidate is not None:
            return check_language(candidate)
    return DEFAULT_LANGUAGE
