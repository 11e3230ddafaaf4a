"""Context before a request: "I placed order 2210 on March 3rd, can you check on it?".

A clause before the request that names no act (no word that opens a phrase: "the lady rang
again" names none), negates nothing, and supposes or reports nothing only tells the story: when
the turn reads no other way, it is read past like chat, numbers and dates included, so none of
them becomes a value. A thing named there with its value ("order 2210"), or a bare number after a
word ("about 5176"), is kept for the request to take ("check on it"); every call must still start
after the context, so a thing named in passing never becomes a call of its own, and a call that
points at a thing ("charge it") but took none from the story is no call at all. A form of an act
beside a value that is no thing ("I was charged 40 twice") is more than a story. A story's one
id of letters and digits with no word before it ("the mug one, ch-4452, she got half the set, give
her back 18") is lent to the one call that lacks a slot of its pattern; where no call or more than
one could take it, the turn is not read.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from stalwart_agents.selector._bare import headed, is_bare
from stalwart_agents.selector._chat import clauses, conjunctions, hedged, names_a_tool
from stalwart_agents.selector._facts import told
from stalwart_agents.selector._frames import Frames
from stalwart_agents.selector._grammar import Grammar
from stalwart_agents.selector._references import Reading
from stalwart_agents.selector._slots import IdentifierSlot
from stalwart_agents.selector._stories import told_apart
from stalwart_agents.selector._text import Kind
from stalwart_agents.selector._turn import TokenizedTurn

__all__ = ["Context"]

# A value this near after a fact's act is the act's: "charged 40", "cobrou 40 reais".
_BESIDE: Final = 3
# A word after which an act's word is a noun: "o pedido dele de volta".
_NOUNING: Final = {"pt-BR": frozenset({"de"})}


def _story(turn: TokenizedTurn, clause: range, frames: Frames) -> bool:
    """A clause that only tells: no act named (a word that opens a phrase: "cancel", not "again"
    or "about"), no negation, supposition, report, address or currency; nor a form of an act
    beside a value that is no thing's ("I was charged 40 twice"). A told fact ("nobody paid
    2718 yet", `_facts`) may name an act and negate: both are the story's."""
    profile = turn.profile
    norms = turn.norms
    opening = frames.opening
    negated = any(profile.negates(norms[at]) for at in clause)
    # A negated fact is about a thing it names with its value ("nobody paid 2718"): a bare "got
    # no" tells nothing and says no.
    fact = told(turn, clause, opening) and (not negated or any(_valued(norms[at]) for at in clause))
    if any(
        (not fact and (negated or (names_a_tool(turn, at, opening) and not _nouned(turn, at))))
        or (fact and negated and _naming(turn, at, frames))
        or hedged(turn, at)
        or "@" in norms[at]
        or turn.tokens[at].kind is Kind.CURRENCY
        for at in clause
    ):
        return False
    acted = [at for at in clause if frames.acted(norms[at])]
    # A fact's act governs the values right after it ("I cancelled 1324 on the 12th").
    valued = (
        [at for act in acted for at in range(act + 1, min(act + _BESIDE, clause.stop))]
        if fact
        else list(clause)
    )
    return not acted or all(
        is_bare(norms[at]) or (fact and _headed(turn, at, frames))
        for at in valued
        if _valued(norms[at])
    )


def _nouned(turn: TokenizedTurn, at: int) -> bool:
    """Whether a preposition makes the word at `at` a noun ("de volta"), no act."""
    return at > 0 and turn.norms[at - 1] in _NOUNING.get(turn.profile.tag, frozenset())


def _naming(turn: TokenizedTurn, at: int, frames: Frames) -> bool:
    """Whether a word of a negated fact names a tool other than as a thing with its value: "the
    parcel never needed a refund" says no to the refund, "a cobrança ch-8591 não tava certa"
    only names the charge."""
    named = names_a_tool(turn, at, frames.words) or names_a_tool(turn, at, frames.opening)
    following = turn.norms[at + 1] if at + 1 < len(turn.norms) else ""
    return named and not _valued(following)


def _valued(norm: str) -> bool:
    return any(ch.isdigit() for ch in norm)


def _identifier(norm: str) -> bool:
    """Whether a word is a thing's id of letters and digits ("ch-4452"): the request lacking
    it would read as a call short of its thing ("she got half the set, give her back 18")."""
    return any(ch.isdigit() for ch in norm) and any(ch.isalpha() for ch in norm) and "-" in norm


def _headed(turn: TokenizedTurn, at: int, frames: Frames) -> bool:
    """Whether the word at `at` follows a thing's name ("order 2210", "the charge ch-3365": a
    tool's word after a connective): so named, it is the thing the request may take."""
    norms = turn.norms
    if at < 1 or norms[at - 1] in frames.heads:
        return at >= 1
    return at >= 2 and norms[at - 1] in frames.named and norms[at - 2] in turn.profile.connectives


def _unresolved(turn: TokenizedTurn, readings: Sequence[Reading]) -> bool:
    """Whether a call points at a thing ("charge $40 to it") and took no value for it: the
    thing was told in the story without a word to name it ("sorry. 7781, charge $40 to it")."""
    profile = turn.profile
    pointers = profile.pronouns | profile.plural_pronouns
    for reading in readings:
        match = reading.match
        pointing = any(norm in pointers for norm in turn.norms[match.start : match.end])
        begins = turn.tokens[match.start].start
        if pointing and not any(start < begins for _, (start, _) in reading.args.values()):
            return True
    return False


def _lent(turn: TokenizedTurn, readings: Sequence[Reading], at: int) -> bool:
    """Whether the story's id at `at` is read: by a call already, or lent to the one call that
    lacks a slot whose pattern reads it, which then takes it."""
    span = turn.span(at, at + 1)
    if any(taken == span for reading in readings for _, taken in reading.args.values()):
        return True
    typed = turn.original(at, at + 1)
    takers = [
        (reading, name)
        for reading in readings
        for name, slot in reading.match.template.slots.items()
        if name not in reading.args
        and isinstance(slot, IdentifierSlot)
        and slot.pattern is not None
        and slot.pattern.fullmatch(typed)
    ]
    if len(takers) != 1:
        return False
    reading, name = takers[0]
    reading.args = {name: (typed, span), **reading.args}
    return True


@dataclass(frozen=True)
class Context:
    """A turn with its story clauses read past, but for the things they name with a value."""

    turn: TokenizedTurn
    # The turn with the story's bare values ("about 5176") skipped too, for a request that
    # names its own thing ("leave 6032 be, refund 14 on ch-6033").
    unvalued: TokenizedTurn
    # Positions of the story clauses' tokens.
    story: frozenset[int]
    # Where the story's one unnamed id of letters and digits stands ("ch-4452"), if it has one.
    lent: int | None = None

    @classmethod
    def of(cls, turn: TokenizedTurn, frames: Frames, grammar: Grammar) -> Context | None:
        """The turn's story before its request, or None when it tells none."""
        parts = told_apart(turn, clauses(turn), lambda clause: _story(turn, clause, frames))
        norms = turn.norms
        story: list[int] = []
        for clause in parts[:-1]:
            if not _story(turn, clause, frames):
                break
            story.extend(clause)
        # A "but" ("mas") right after the story parts it as a mark would: "I cancelled 1437 but
        # I changed my mind, can you reopen it?".
        story += [at for at in conjunctions(turn) if at - 1 in story]
        loose = [at for at in story if _identifier(norms[at]) and not _headed(turn, at, frames)]
        if not story or len(loose) > 1:
            return None
        kept = {
            at
            for at in story
            if norms[at] in grammar.heads
            and at + 1 in story
            and any(ch.isdigit() for ch in norms[at + 1])
        }
        kept |= {at + 1 for at in kept}
        unvalued = turn.blanked([at for at in story if at not in kept])
        kept |= {at for at in story if is_bare(norms[at])}
        skipped = [at for at in story if at not in kept]
        named = headed(turn.blanked(skipped), skipped, grammar, frames.reader)
        return cls(named, unvalued, frozenset(story), loose[0] if loose else None)

    def read(self, reader: Callable[[TokenizedTurn], Sequence[Reading]]) -> list[Reading]:
        """The calls the request asks for, each starting after the story: with the story's bare
        values as things the request may take, or else without them."""
        for turn in (self.turn, self.unvalued):
            readings = list(reader(turn))
            if readings and all(self._after(turn, reading) for reading in readings):
                if self.lent is not None and not _lent(turn, readings, self.lent):
                    return []
                return [] if _unresolved(turn, readings) else readings
        return []

    def _after(self, turn: TokenizedTurn, reading: Reading) -> bool:
        """Whether a call's words come after the story: it starts after it, or at a value the
        story named ("the charge ch-3365 wasn't right, refund $20 of it") and runs past it."""
        match = reading.match
        if match.start not in self.story:
            return True
        told = [at for at in range(match.start, match.end) if at in self.story and turn.norms[at]]
        return match.end - 1 not in self.story and all(
            any(ch.isdigit() for ch in turn.norms[at]) for at in told
        )
