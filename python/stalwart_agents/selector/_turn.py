"""One turn as the reader sees it: its tokens, its language's rules, and the day it is read on."""

from __future__ import annotations

import dataclasses
import datetime as dt
import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, Final, TypeVar

from stalwart_agents.selector._currencies import LED, NAMES, marked
from stalwart_agents.selector._litotes import litotes
from stalwart_agents.selector._profile import Profile
from stalwart_agents.selector._synonyms import Synonyms, read_synonyms
from stalwart_agents.selector._text import Kind, Token, fold, tokenize
from stalwart_agents.selector._typos import Speller

__all__ = ["FIELD_MARKS", "TokenizedTurn"]

_T = TypeVar("_T")

# Marks that part one field of a form from the next: "subject: late, cc: bob".
FIELD_MARKS: Final = frozenset((",", ";"))


def _particled(tokens: tuple[Token, ...], profile: Profile) -> tuple[Token, ...]:
    """The tokens with a verb's particle read before the pronoun it follows: "look it up" as
    "look up it", each token keeping where it was typed."""
    found = list(tokens)
    for at in range(1, len(found) - 1):
        pronoun, particle = found[at], found[at + 1]
        if (
            found[at - 1].kind is Kind.WORD
            and pronoun.norm in profile.pronouns
            and particle.norm in profile.particles
        ):
            found[at] = pronoun._replace(norm=particle.norm)
            found[at + 1] = particle._replace(norm=pronoun.norm)
    return tuple(found)


# The most tokens an amount with its marks spans: "US$ 64 dólares e 90 centavos".
_MONEY_TOKENS = 5


def _money_run(tokens: tuple[Token, ...], start: int, profile: Profile, bare: bool = False) -> int:
    """Where an amount written with a currency mark (or, `bare`, without one) ends, from
    `start`; `start` where none is."""
    end = start
    while end < len(tokens) and end - start < _MONEY_TOKENS:
        token = tokens[end]
        if not (
            token.kind is Kind.CURRENCY
            or any(ch.isdigit() for ch in token.norm)
            or marked(token.norm, profile.currency_after | NAMES)
            or token.norm in profile.cents
            or token.norm in profile.joiners
        ):
            break
        end += 1
    run = tokens[start:end]
    signed = bare or any(t.kind is Kind.CURRENCY or not t.norm[0].isdigit() for t in run)
    return end if signed and any(t.norm[0].isdigit() for t in run) else start


def _particled_money(tokens: tuple[Token, ...], profile: Profile) -> tuple[Token, ...]:
    """The tokens with a verb's particle read before the amount it follows: "give $25 back" as
    "give back $25", each token keeping where it was typed; only an amount with its currency
    mark, so "bring 4411 back" stays as typed."""
    for at in range(1, len(tokens) - 1):
        if tokens[at - 1].kind is not Kind.WORD or tokens[at - 1].norm[0].isdigit():
            continue
        end = _money_run(tokens, at, profile)
        if at < end < len(tokens) and tokens[end].norm in profile.particles:
            return (*tokens[:at], tokens[end], *tokens[at:end], *tokens[end + 1 :])
    return tokens


def _instead(tokens: tuple[Token, ...], profile: Profile) -> tuple[Token, ...]:
    """The tokens with each "instead of" ("em vez de") read as one negation at its first word,
    which keeps where it was typed."""
    norms = [token.norm for token in tokens]
    # Most turns hold no form's first word: they are left as they are, at once.
    if not profile.insteads or all(phrase[0] not in norms for phrase in profile.insteads):
        return tokens
    found = list(tokens)
    # Every form reads as the first, joined into one word: a negation of the language.
    negation = "-".join(profile.insteads[0])
    for phrase in profile.insteads:
        size = len(phrase)
        for at in range(len(found) - size + 1):
            if tuple(norms[at : at + size]) == phrase:
                found[at] = found[at]._replace(norm=negation)
    return tuple(found)


def _amount_led(
    tokens: tuple[Token, ...], profile: Profile
) -> tuple[tuple[Token, ...], frozenset[int]]:
    """The tokens with the words leading an amount told in a last clause of its own skipped
    ("charge order 4512, it's $60"); before an amount with no mark, the last of them reads as
    a sign ("passa o cartão no 2871, valor 75"), so the number is money and never another
    order. Where the clause says more, the tokens as they are."""
    end = len(tokens)
    while end > 0 and tokens[end - 1].kind is Kind.BREAK:
        end -= 1
    start = end
    while start > 0 and tokens[start - 1].kind is not Kind.BREAK:
        start -= 1
    norms = tuple(token.norm for token in tokens[start:end])
    for lead in profile.amount_leads if start else ():
        at = start + len(lead)
        if norms[: len(lead)] != lead or _money_run(tokens, at, profile, bare=True) != end:
            continue
        if _money_run(tokens, at, profile) == end:
            return tokens, frozenset(range(start, at))
        sign = tokens[at - 1]._replace(norm=LED, kind=Kind.CURRENCY)
        return (*tokens[: at - 1], sign, *tokens[at:]), frozenset(range(start, at - 1))
    return tokens, frozenset()


# The most words between "deixa" and the "pra lá" that puts its thing off.
_PUT_OFF_SPAN = 6


def _put_off(tokens: tuple[Token, ...], profile: Profile) -> tuple[Token, ...]:
    """The tokens with the word opening a clause that puts its thing off ("deixa o recibo pra
    lá") read as a negation, which keeps where it was typed; "deixa salvo" stays as typed."""
    openers, endings = profile.put_offs
    norms = [token.norm for token in tokens]
    if not openers.intersection(norms):
        return tokens
    found = list(tokens)
    # Read as "instead of" ("em vez de") is: one negation of the language.
    negation = "-".join(profile.insteads[0])
    for at, norm in enumerate(norms):
        if norm not in openers or (at > 0 and tokens[at - 1].kind is not Kind.BREAK):
            continue
        stop = next(
            (end for end in range(at + 1, len(tokens)) if tokens[end].kind is Kind.BREAK),
            len(tokens),
        )
        clause = tuple(norms[at + 1 : min(stop, at + 1 + _PUT_OFF_SPAN)])
        if any(
            clause[start : start + len(ending)] == ending
            for ending in endings
            for start in range(1, len(clause) - len(ending) + 1)
        ):
            found[at] = found[at]._replace(norm=negation)
    return tuple(found)


@dataclass(frozen=True)
class TokenizedTurn:
    """A tokenized turn, with what may be skipped where worked out once per token."""

    text: str
    tokens: tuple[Token, ...]
    profile: Profile
    today: dt.date
    # Each token's folded form.
    norms: tuple[str, ...]
    # Tokens a phrase may step over: the language's and the vocabulary's fillers, clause marks.
    inside: tuple[bool, ...]
    # Tokens that may stand between two calls, before the first or after the last: also joiners.
    between: tuple[bool, ...]
    # Tokens that end one call and let another begin: joiners and clause marks.
    separators: tuple[bool, ...]
    # Tokens free text may begin or end with: neither marks nor joiners.
    free: tuple[bool, ...]
    # Where a word stands right before a colon ("subject:", "mensagem:"), as a label does.
    colons: frozenset[int] = frozenset()
    # The vocabulary words each token may be a typo of (none for most).
    corrections: tuple[frozenset[str], ...] = ()
    # The numbers read at each position, as many templates ask for the same ones.
    numbers: dict[int, list[tuple[int, Decimal]]] = field(default_factory=dict, compare=False)
    # What each slot (by its id) read at each position, for the same reason.
    slot_readings: dict[tuple[int, int], Sequence[tuple[int, Any]]] = field(
        default_factory=dict, compare=False
    )

    @classmethod
    def read(
        cls,
        text: str,
        profile: Profile,
        today: dt.date,
        fillers: frozenset[str],
        joiners: frozenset[str],
        speller: Speller | None = None,
        synonyms: Synonyms | None = None,
    ) -> TokenizedTurn:
        """Tokenize `text` for reading in `profile`'s language."""
        short = profile.abbreviations
        expanded = [
            token._replace(norm=fold(short[token.norm]))
            if token.kind is Kind.WORD and token.norm in short
            else token
            for token in tokenize(text)
        ]
        # Before synonyms, which may be the verb and its particle ("send back" is "refund").
        expanded = list(_particled_money(tuple(expanded), profile))
        if synonyms:
            longest = max(len(words) for words in synonyms)
            spell = speller.corrections if speller is not None else None
            expanded = read_synonyms(expanded, synonyms, longest, spell)
        tokens = _put_off(_instead(_particled(tuple(expanded), profile), profile), profile)
        tokens, led = _amount_led(tokens, profile)
        eased = litotes(tokens, profile)
        if eased:
            tokens = tuple(
                token._replace(norm="") if at in eased else token for at, token in enumerate(tokens)
            )
            led |= eased
        marks = [token.kind is Kind.BREAK for token in tokens]
        corrections = tuple(
            speller.corrections(token.norm)
            if speller is not None and token.kind is Kind.WORD
            else frozenset()
            for token in tokens
        )
        joins = [token.norm in joiners for token in tokens]
        inside = tuple(
            mark
            or at in led
            or (token.kind is Kind.WORD and (token.norm in fillers or bool(typo & fillers)))
            for at, (token, mark, typo) in enumerate(zip(tokens, marks, corrections, strict=True))
        )
        return cls(
            text=text,
            tokens=tokens,
            profile=profile,
            today=today,
            norms=tuple(token.norm for token in tokens),
            inside=inside,
            between=tuple(a or b for a, b in zip(inside, joins, strict=True)),
            separators=tuple(a or b for a, b in zip(marks, joins, strict=True)),
            free=tuple(not (a or b) for a, b in zip(marks, joins, strict=True)),
            corrections=corrections,
            colons=frozenset(
                at
                for at, (token, after) in enumerate(itertools.pairwise(tokens))
                if token.kind is Kind.WORD and after.norm == ":"
            ),
        )

    def blanked(self, skipped: Sequence[int], parting: Sequence[int] = ()) -> TokenizedTurn:
        """The turn with those tokens blanked: no phrase reads them, and every reading may
        skip them, counted as skipped; those of them `parting` clauses ("just" in "instead of
        cancelling 3017 just save it") still end one call and let another begin, as a mark."""
        tokens, norms = list(self.tokens), list(self.norms)
        between, inside, free = list(self.between), list(self.inside), list(self.free)
        corrections, separators = list(self.corrections), list(self.separators)
        for at in skipped:
            tokens[at] = tokens[at]._replace(norm="")
            norms[at] = ""
            corrections[at] = frozenset()
            between[at] = inside[at] = True
            free[at] = False
        for at in parting:
            separators[at] = True
        return dataclasses.replace(
            self,
            tokens=tuple(tokens),
            norms=tuple(norms),
            corrections=tuple(corrections),
            between=tuple(between),
            inside=tuple(inside),
            free=tuple(free),
            separators=tuple(separators),
            numbers={},
            slot_readings={},
        )

    def named(self, at: int, norm: str) -> TokenizedTurn:
        """The turn with the token at `at` read as `norm`: a value's unsaid head ("was 2290
        paid?" asks about "order 2290")."""
        tokens, norms = list(self.tokens), list(self.norms)
        tokens[at] = tokens[at]._replace(norm=norm)
        norms[at] = norm
        corrections = list(self.corrections)
        corrections[at] = frozenset()
        return dataclasses.replace(
            self,
            tokens=tuple(tokens),
            norms=tuple(norms),
            corrections=tuple(corrections),
            numbers={},
            slot_readings={},
        )

    def trimmed(self, at: int, size: int) -> TokenizedTurn:
        """The turn with the token at `at` cut to its first `size` characters, typed and read:
        an id without the "'s" that makes it own a noun ("9051's receipt")."""
        token = self.tokens[at]
        return self.named(at, token.norm[:size]).replace_token(
            at, token._replace(norm=token.norm[:size], end=token.start + size)
        )

    def replace_token(self, at: int, token: Token) -> TokenizedTurn:
        """The turn with `token` at `at`, read as it is."""
        tokens = list(self.tokens)
        tokens[at] = token
        return dataclasses.replace(self, tokens=tuple(tokens), numbers={}, slot_readings={})

    def reordered(self, order: Sequence[int]) -> TokenizedTurn:
        """The turn with its tokens in `order`, each keeping where it was typed: a passive wish
        read with its act first ("order 3390 cancelled" as "cancel order 3390")."""
        where = {old: new for new, old in enumerate(order)}

        def moved(values: tuple[_T, ...]) -> tuple[_T, ...]:
            return tuple(values[at] for at in order)

        return dataclasses.replace(
            self,
            tokens=moved(self.tokens),
            norms=moved(self.norms),
            inside=moved(self.inside),
            between=moved(self.between),
            separators=moved(self.separators),
            free=moved(self.free),
            corrections=moved(self.corrections),
            colons=frozenset(where[at] for at in self.colons),
            numbers={},
            slot_readings={},
        )

    def word_positions(self) -> list[int]:
        """Where the turn's words stand, marks and blanked words aside: openers and closers count
        words, not marks, nor words read past ("I DO want it saved")."""
        return [
            at for at, token in enumerate(self.tokens) if token.kind is Kind.WORD and token.norm
        ]

    def says(self, positions: Sequence[int], phrase: tuple[str, ...]) -> bool:
        """Whether the words at `positions` are exactly `phrase`, folded."""
        return len(positions) == len(phrase) and all(
            self.norms[at] == word for at, word in zip(positions, phrase, strict=True)
        )

    def words(self) -> frozenset[str]:
        """Every word the turn holds, and every vocabulary word a typo of it stands for."""
        return frozenset(self.norms).union(*self.corrections)

    def original(self, start: int, end: int) -> str:
        """The text of tokens [start, end) exactly as the person typed it."""
        return self.text[self.tokens[start].start : self.tokens[end - 1].end]

    def last_word(self, end: int) -> int:
        """The last token before `end` that is not a mark ("hi" in "hi?!")."""
        last = end - 1
        while last > 0 and self.tokens[last].kind is Kind.BREAK:
            last -= 1
        return last

    def ends_marked(self, end: int) -> bool:
        """Whether a call ending at `end` kept a final mark ("is it late?"), which parts it from
        the next call as a mark between them would."""
        return end > 0 and self.tokens[end - 1].kind is Kind.BREAK

    def labelled(self, start: int, end: int, labels: frozenset[str]) -> bool:
        """Whether tokens [start, end) hold a label typed with its colon: one of `labels`
        ("message:"), or any word a comma or semicolon parts from what went before (", cc:")."""
        return any(
            start <= at < end
            and (self.norms[at] in labels or (at > 0 and self.norms[at - 1] in FIELD_MARKS))
            for at in self.colons
        )

    def runs_on(self, start: int, end: int, words: frozenset[str]) -> bool:
        """Whether tokens [start, end) hold a comma or semicolon before more words, or a joiner
        before one of `words`: one field ran into the next ("eggs, say ...", "Ovos e escreve")."""
        return any(
            self.separators[at] and (self.norms[at] in FIELD_MARKS or self.norms[at + 1] in words)
            for at in range(start + 1, end - 1)
        )

    def span(self, start: int, end: int) -> tuple[int, int]:
        """Where tokens [start, end) sit in the text, as character offsets."""
        return (self.tokens[start].start, self.tokens[end - 1].end)
