"""Typos in a vocabulary's own words: one edit away reads as the word ("chrage" as "charge").

Only words of the phrases of at least `MIN_LENGTH` letters are corrected, never a value: a slot
always reads the tokens as typed. One edit is a letter left out, added (at the end only as a
doubled last letter, "cancelaa": "charges" is a word of its own), swapped with its neighbour,
or replaced by a key next to it on the keyboard; so "change" (r and n are far apart) never
reads as "charge". A word the language or the vocabulary knows is never corrected.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

__all__ = ["MIN_LENGTH", "Speller"]

MIN_LENGTH: Final = 5

_ROWS: Final = ("qwertyuiop", "asdfghjkl", "zxcvbnm")
# Each key's place, rows staggered as on a keyboard, for telling neighbouring keys.
_KEYS: Final = {
    key: (row, col + (0.0, 0.25, 0.75)[row])
    for row, letters in enumerate(_ROWS)
    for col, key in enumerate(letters)
}


def _neighbours(a: str, b: str) -> bool:
    if a not in _KEYS or b not in _KEYS:
        return False
    (row_a, x_a), (row_b, x_b) = _KEYS[a], _KEYS[b]
    if row_a == row_b:
        return abs(x_a - x_b) == 1
    return abs(row_a - row_b) == 1 and abs(x_a - x_b) <= 0.75


def one_edit(typed: str, word: str) -> bool:
    """`typed` is `word` with one letter left out, added, swapped or hit on a neighbouring key."""
    if typed == word:
        return False
    if len(typed) == len(word):
        diffs = [i for i, (a, b) in enumerate(zip(typed, word, strict=True)) if a != b]
        if len(diffs) == 1:
            return _neighbours(typed[diffs[0]], word[diffs[0]])
        first = diffs[0]
        return (
            diffs == [first, first + 1]
            and typed[first] == word[first + 1]
            and (typed[first + 1] == word[first])
        )
    shorter, longer = sorted((typed, word), key=len)
    if len(longer) - len(shorter) != 1:
        return False
    if typed[:-1] == word and typed[-1] != word[-1]:
        return False  # a letter added at the end is an inflection ("charges"), but not doubled
    return any(longer[:i] + longer[i + 1 :] == shorter for i in range(len(longer)))


def _deletions(word: str) -> set[str]:
    return {word[:i] + word[i + 1 :] for i in range(len(word))} | {word}


def _gerunds(verb: str) -> set[str]:
    """The -ing forms a verb may take: "charge" as "charging", "ship" as "shipping"."""
    if len(verb) < 3:
        return set()
    forms = {f"{verb}ing"}
    if verb.endswith("e") and not verb.endswith("ee"):
        forms.add(f"{verb[:-1]}ing")
    if verb[-1] not in "aeiouwxy" and verb[-2] in "aeiou" and verb[-3] not in "aeiou":
        forms.add(f"{verb}{verb[-1]}ing")
    return forms


class Speller:
    """The vocabulary words a typed word may stand for, looked up through its deletions."""

    def __init__(
        self, words: Iterable[str], known: Iterable[str], nouns: Iterable[str] = ()
    ) -> None:
        words = set(words)
        self._known = frozenset(known) | words
        # Words that name things, read in the plural too ("receipts", "recibos").
        self._plurals = {f"{noun}s": noun for noun in nouns if len(noun) >= MIN_LENGTH - 1}
        # An English verb's -ing form reads as the verb ("would you mind charging" as "charge").
        self._gerunds = {form: word for word in words if word.isalpha() for form in _gerunds(word)}
        self._by_deletion: dict[str, set[str]] = {}
        for word in words:
            if len(word) >= MIN_LENGTH and word.isalpha():
                for deleted in _deletions(word):
                    self._by_deletion.setdefault(deleted, set()).add(word)
        self._found: dict[str, frozenset[str]] = {}

    def corrections(self, typed: str) -> frozenset[str]:
        """The words `typed` is one edit from; none for a known word, a number or a value."""
        found = self._found.get(typed)
        if found is not None:
            return found
        found = frozenset()
        if typed not in self._known and typed.isalpha() and len(typed) >= MIN_LENGTH - 1:
            near = {w for d in _deletions(typed) for w in self._by_deletion.get(d, ())}
            found = frozenset(word for word in near if one_edit(typed, word))
            if typed in self._plurals:
                found |= {self._plurals[typed]}
            elif not found and typed.endswith("s"):
                # The plural of a typo reads as the noun ("recipts" as "receipt").
                found = self.corrections(typed[:-1]) & frozenset(self._plurals.values())
            if typed in self._gerunds:
                found |= {self._gerunds[typed]}
        if len(self._found) < 4096:
            self._found[typed] = found
        return found
