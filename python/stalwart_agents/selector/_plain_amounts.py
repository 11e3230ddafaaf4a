"""An amount typed with no mark beside an order's bare number: which number is which.

"charge 4409 for 27.50", "cobra o 3041, deu 47,80", "charge 3377 for 18 and 3378 for 22": two
numbers and no currency mark nor the order's noun. The words around them tell them apart: the
amount is the one with cents, or the one a word of price leads ("for", "back", "deu",
"valor"), and the order's number is never shorter than it. Where the cues disagree ("charge 120
for 7701") or none speaks, nothing is told and the turn stays unread. A bare number beside an
amount its mark already tells ("charge 6307 85 cents") is the order. The turn is read again with
the order's noun before each order, and a reading stands only where every number keeps the role
told here: a sign, an overflow or more than two decimals is never an amount here, so the money
slot still refuses it as it would typed.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from stalwart_agents.selector._currencies import marked
from stalwart_agents.selector._grammar import Grammar
from stalwart_agents.selector._references import Reading
from stalwart_agents.selector._slots import IdentifierSlot, MoneySlot
from stalwart_agents.selector._text import Kind, Token
from stalwart_agents.selector._turn import TokenizedTurn

__all__ = ["Roles", "Told", "priced_head", "told"]

# A bare number an amount may be: digits, and at most two decimals after either mark.
_PLAIN: Final = re.compile(r"(\d+)(?:[.,](\d{1,2}))?")

Span = tuple[int, int]


@dataclass(frozen=True)
class Roles:
    """Which bare numbers of a turn are orders and which amounts, by where they were typed, and
    the pairs of bare numbers that stand for one order and its amount, told or not."""

    ids: frozenset[Span] = frozenset()
    amounts: frozenset[Span] = frozenset()
    pairs: tuple[tuple[Span, Span], ...] = ()

    def of(self, turn: TokenizedTurn, pos: int) -> str | None:
        """ "id" or "amount" for the token at `pos`, None where nothing is told of it."""
        span = (turn.tokens[pos].start, turn.tokens[pos].end)
        return "id" if span in self.ids else "amount" if span in self.amounts else None

    def contradicted(self, readings: Sequence[Reading]) -> bool:
        """Whether calls that read an amount read a told amount as an id, a told id as an
        amount, or both numbers of a pair as amounts ("cobra o 90 por 3120" is no two charges);
        calls of no amount ("save receipts for 7742 and 7750") take no role."""
        amounts = {
            span
            for reading in readings
            for value, span in reading.args.values()
            if not isinstance(value, str)
        }
        if not amounts:
            return False
        ids = {
            span
            for reading in readings
            for value, span in reading.args.values()
            if isinstance(value, str)
        }
        return bool(self.amounts & ids or self.ids & amounts) or any(
            first in amounts and second in amounts for first, second in self.pairs
        )

    def kept(self, readings: Sequence[Reading]) -> list[Reading]:
        """The readings, where each told number is read in its role and every one is read."""
        read = {span for reading in readings for _, span in reading.args.values()}
        whole = self.ids | self.amounts <= read
        return list(readings) if whole and not self.contradicted(readings) else []


@dataclass(frozen=True)
class Told:
    """What the words around a turn's bare numbers tell, and the turn read again with the
    order's noun before each order, where every number's role is told."""

    roles: Roles
    headed: TokenizedTurn | None


def priced_head(grammar: Grammar) -> str | None:
    """The noun before an order's number in a phrase that charges it an amount ("order",
    "pedido"): the word a bare order is read again with, in the grammar's own language."""
    said = {word for template in grammar.templates for word in template.required}
    for template in grammar.templates:
        slots = template.slots.values()
        if not any(isinstance(slot, MoneySlot) for slot in slots):
            continue
        for slot in slots:
            if isinstance(slot, IdentifierSlot) and slot.pattern is None and slot.after & said:
                return min(slot.after & said)
    return None


def _money_marked(turn: TokenizedTurn, pos: int) -> bool:
    """Whether a number carries its own mark: a sign or a currency before it, a currency or
    cents after it ("$40", "USD 95", "40 bucks", "85 cents")."""
    profile = turn.profile
    before = pos > 0 and (
        turn.tokens[pos - 1].kind is Kind.CURRENCY or turn.norms[pos - 1] in profile.currency_before
    )
    after = turn.norms[pos + 1] if pos + 1 < len(turn.tokens) else ""
    return before or after in profile.cents or marked(after, profile.currency_after)


def _led(turn: TokenizedTurn, pos: int) -> bool:
    """Whether a word of price leads the number ("for 27.50", "deu 47,80", "back 18")."""
    at = pos - 1
    while at >= 0 and turn.tokens[at].kind is Kind.BREAK:
        at -= 1
    return at >= 0 and turn.norms[at] in turn.profile.price_words


def _amount_of(turn: TokenizedTurn, first: int, second: int) -> int | None:
    """Which of two bare numbers is the amount, where the words around them agree on it."""
    cues = []
    for at, other in ((first, second), (second, first)):
        cents = _PLAIN.fullmatch(turn.norms[at])
        other_cents = _PLAIN.fullmatch(turn.norms[other])
        if cents is None or other_cents is None:
            return None
        if bool(cents[2]) != bool(other_cents[2]):
            cues.append(at if cents[2] else other)
        if _led(turn, at) != _led(turn, other):
            cues.append(at if _led(turn, at) else other)
    if not cues or len(set(cues)) > 1:
        return None
    amount = cues[0]
    order = second if amount == first else first
    if _counted(turn, order, amount):
        return None
    amount_digits = len(_PLAIN.fullmatch(turn.norms[amount])[1])  # type: ignore[index]
    whole = _PLAIN.fullmatch(turn.norms[order])
    if whole is None or whole[2] or len(whole[1]) < amount_digits:
        return None
    return amount


def _counted(turn: TokenizedTurn, at: int, amount: int) -> bool:
    """Whether a number counts a noun after it ("3 times", "2025 mugs", "30 vezes"): an order's
    number ends its clause, or stands before its amount, a word of price or a joiner."""
    after = at + 1
    if after >= len(turn.tokens) or after == amount or turn.tokens[after].kind is not Kind.WORD:
        return False
    norm = turn.norms[after]
    return not (
        norm in turn.profile.price_words or norm in turn.profile.joiners or norm[:1].isdigit()
    )


def _bare(turn: TokenizedTurn, heads: frozenset[str]) -> list[int]:
    """The numbers typed with no mark and no noun before them."""
    return [
        at
        for at, token in enumerate(turn.tokens)
        if token.kind is Kind.WORD
        and token.norm[:1].isdigit()
        and not (at > 0 and turn.norms[at - 1] in heads)
        and not _money_marked(turn, at)
    ]


def _marked_amount(turn: TokenizedTurn) -> bool:
    """Whether the turn holds an amount its mark tells."""
    return any(
        token.norm[:1].isdigit() and _money_marked(turn, at) for at, token in enumerate(turn.tokens)
    )


def _other_ids(turn: TokenizedTurn, at: int) -> bool:
    """Whether the turn holds a number besides `at` that no mark tells as money ("charge $40
    to order 7711 and 7712": the second order has no amount of its own)."""
    return any(
        token.norm[:1].isdigit() and other != at and not _money_marked(turn, other)
        for other, token in enumerate(turn.tokens)
    )


def _apart(turn: TokenizedTurn, first: int, second: int) -> bool:
    """Whether a joiner or another value stands between two bare numbers ("10 and ch-4121
    10"): they are no one order and its amount."""
    joiners = turn.profile.joiners
    return any(
        turn.norms[at] in joiners or any(ch.isdigit() for ch in turn.norms[at])
        for at in range(first + 1, second)
    )


def _span(token: Token) -> Span:
    return (token.start, token.end)


def told(turn: TokenizedTurn, head: str, heads: frozenset[str]) -> Told | None:
    """The roles the words around the turn's bare numbers tell, and the turn with `head`
    before each order's bare number where every role is told; None where the turn holds no
    bare number beside an amount."""
    bare = _bare(turn, heads)
    if len(bare) == 1 and _marked_amount(turn):
        whole = _PLAIN.fullmatch(turn.norms[bare[0]])
        if whole is None or whole[2] or _counted(turn, bare[0], -1) or _other_ids(turn, bare[0]):
            return None
        roles = Roles(ids=frozenset((_span(turn.tokens[bare[0]]),)))
        return Told(roles, _headed(turn, bare, head))
    if not bare or len(bare) % 2:
        return None
    ids: list[int] = []
    amounts: list[int] = []
    if any(
        _apart(turn, first, second) for first, second in zip(bare[::2], bare[1::2], strict=True)
    ):
        return None
    for first, second in zip(bare[::2], bare[1::2], strict=True):
        amount = _amount_of(turn, first, second)
        if amount is not None:
            amounts.append(amount)
            ids.append(second if amount == first else first)
    pairs = tuple(
        (_span(turn.tokens[first]), _span(turn.tokens[second]))
        for first, second in zip(bare[::2], bare[1::2], strict=True)
    )
    roles = Roles(
        ids=frozenset(_span(turn.tokens[at]) for at in ids),
        amounts=frozenset(_span(turn.tokens[at]) for at in amounts),
        pairs=pairs,
    )
    every = len(ids) == len(pairs)
    return Told(roles, _headed(turn, sorted(ids), head) if every else None)


def _headed(turn: TokenizedTurn, ids: Sequence[int], head: str) -> TokenizedTurn:
    """The turn with `head` before each of `ids`, where the number itself was typed."""
    tokens = list(turn.tokens)
    flags = [list(turn.inside), list(turn.between), list(turn.separators), list(turn.free)]
    corrections = list(turn.corrections)
    for at in reversed(ids):
        number = tokens[at]
        tokens.insert(at, Token(head, number.start, number.start, Kind.WORD))
        for flag in flags:
            flag.insert(at, False)
        corrections.insert(at, frozenset())
    inside, between, separators, free = (tuple(flag) for flag in flags)
    return dataclasses.replace(
        turn,
        tokens=tuple(tokens),
        norms=tuple(token.norm for token in tokens),
        inside=inside,
        between=between,
        separators=separators,
        free=free,
        corrections=tuple(corrections),
        colons=frozenset(at + sum(1 for id_ in ids if id_ <= at) for at in turn.colons),
        numbers={},
        slot_readings={},
    )
