"""The verbs an English inflected form may come from, for the readings that take a form as its
verb: a polite opener's "would you mind canceling 9143", a passive wish's "order 3390 cancelled".

A phrase writes a verb once, in its base form; which base an inflected form comes from is
worked out by trying each, most likely first, and keeping the one that reads.
"""

from __future__ import annotations

from typing import Final

__all__ = ["english_bases"]

# A form's stem is this long at least: "sing" is no form of "s", nor "need" of "ne".
_STEM: Final = 3


def english_bases(word: str, ending: str) -> list[str]:
    """The bases of `word` if it ends in `ending` ("ing", "ed"): the stem, the stem with its "e"
    ("saved": "save"), and the stem with a doubled last letter undone ("cancelled": "cancel")."""
    stem = word.removesuffix(ending)
    if stem == word or len(stem) < _STEM:
        return []
    return [stem, f"{stem}e", *([stem[:-1]] if stem[-1] == stem[-2] else [])]
