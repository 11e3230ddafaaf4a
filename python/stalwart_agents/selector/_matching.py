"""The reader: covers a whole turn with templates joined by joiners, or reads nothing.

Every token of the turn must be accounted for: read by a template (a word of it, or a slot's
value), or skipped as a filler (between the words of a template) or as a joiner or mark
(between two calls, before the first, after the last; and after free text, before the next
word of its template). A turn with a word nothing accounts for is unread, so a sentence in
another language never half-matches a template.

Among the coverings, the best one wins, compared in order on:
1. the most required template words read, so the most specific phrase wins;
2. the most optional template words read;
3. the fewest tokens skipped;
4. the earliest templates in the vocabulary file.

A turn of more than `MAX_TOKENS` tokens is unread.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from stalwart_agents.selector._grammar import Grammar, Template
from stalwart_agents.selector._phrases import SlotRef, Word
from stalwart_agents.selector._slots import Slot, closing_quote
from stalwart_agents.selector._text import Kind
from stalwart_agents.selector._turn import FIELD_MARKS, TokenizedTurn

__all__ = ["MAX_TOKENS", "Match", "read_turn"]

# A turn longer than this is left unread: the selector reads requests, not documents.
MAX_TOKENS = 1000

# (required words read, optional words read, -tokens skipped)
Score = tuple[int, int, int]

_NOTHING: Score = (0, 0, 0)

# The arguments read so far: (slot, value, span), a listed slot once per value.
Args = tuple[tuple[str, Any, tuple[int, int]], ...]


def _add(a: Score, b: Score) -> Score:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2])


def _read(slot: Slot, turn: TokenizedTurn, pos: int) -> Sequence[tuple[int, Any]]:
    """What the slot reads at `pos`, read once per turn: many templates share a slot."""
    key = (id(slot), pos)
    found = turn.slot_readings.get(key)
    if found is None:
        found = turn.slot_readings[key] = slot.read(turn, pos)
    return found


@dataclass(frozen=True, slots=True)
class Match:
    """One template read at one place in a turn: its arguments with their spans."""

    template: Template
    start: int
    end: int
    args: Args
    score: Score


class _TemplateReader:
    """Finds every way one template reads the turn from one position, best score per end."""

    def __init__(
        self, turn: TokenizedTurn, template: Template, start: int, grammar: Grammar
    ) -> None:
        self.turn = turn
        self.template = template
        self.start = start
        # The tool's field labels ("subject", "mensagem"): free text never runs over one typed
        # with its colon.
        self.labels = grammar.labels.get(template.tool, frozenset())
        # The tool's fields another may follow, and its words, that end such a field.
        self.leads = grammar.leads.get(template.tool, frozenset())
        self.own = grammar.own_words.get(template.tool, frozenset())
        # The words that only label one of the tool's fields, and that field.
        self.fields = grammar.fields.get(template.tool, {})
        self.best: dict[int, Match] = {}

    def run(self) -> list[Match]:
        self._step(0, self.start, (), _NOTHING)
        return list(self.best.values())

    def _step(self, at: int, pos: int, args: Args, score: Score) -> None:
        elements = self.template.elements
        if at == len(elements):
            known = self.best.get(pos)
            if known is None or score > known.score:
                self.best[pos] = Match(self.template, self.start, pos, args, score)
            return
        element = elements[at]
        if isinstance(element, SlotRef):
            self._slot(at, pos, element, args, score)
            return
        if element.optional:
            self._step(at + 1, pos, args, score)  # a filler the turn left out
        norms = self.turn.norms
        # After free text a joiner may stand before the next word: "subject hi and body ...".
        skippable = self.turn.between if at in self.template.after_text else self.turn.inside
        skipped = 0
        corrections = self.turn.corrections
        while pos < len(norms):
            exact = norms[pos] == element.norm
            if exact or element.norm in corrections[pos]:
                # A typo reads the word, but counts as a skipped token against exact readings.
                cost = skipped if exact else skipped + 1
                read = (1, 0, -cost) if not element.optional else (0, 1, -cost)
                self._step(at + 1, pos + 1, args, _add(score, read))
            if at == 0 or not skippable[pos]:
                return
            pos += 1
            skipped += 1

    def _slot(self, at: int, pos: int, element: SlotRef, args: Args, score: Score) -> None:
        slot = self.template.slots[element.name]
        inside = self.turn.inside
        # Free text with more of the phrase after it leaves a trailing filler of the language
        # to the phrase ("about the delay please saying ..."), unless it is all the text there
        # is; the vocabulary's own fillers may end it ("about the order today saying ...").
        inner_text = slot.free and at + 1 < len(self.template.elements)
        language_fillers = self.turn.profile.fillers
        # Free text no required word introduces needs a mark before it and a word of its own:
        # "cancel 4411, duplicate", never "cancel 4411, thanks".
        bare = slot.free and at > 0 and not self.template.introduced(at)
        hedges = self.turn.profile.hedges
        unmarked = bare
        skipped = 0
        if self._lead_in(at, pos, slot.free):
            pos += 1  # "reason is a duplicate", "dizendo que saiu": the text starts after it
        # Quoted free text starts at its quote: `message "We are ..."` never reads "are ...".
        quoted = slot.free and pos < len(inside) and closing_quote(self.turn, pos) is not None
        while pos < len(inside):
            unmarked = unmarked and self.turn.tokens[pos].kind is not Kind.BREAK
            if bare and (_thanks(self.turn, pos) or self.turn.norms[pos] in hedges):
                # "cancel 9405. thanks a bunch": thanks, no reason; "cancel 9405, if she pays":
                # a condition the request waits on, no reason either.
                return
            for end, value in () if unmarked else _read(slot, self.turn, pos):
                last = self.turn.last_word(end)
                if inner_text and last > pos and self.turn.norms[last] in language_fillers:
                    continue
                if bare and all(inside[pos:end]):
                    continue
                if slot.free and self.turn.labelled(pos, end, self.labels):
                    continue  # "subject: late, message: hi": a label ends the field before it
                if slot.free and self._relabelled(pos, end, element.name):
                    continue  # "saying it ships, subject Delivery": the subject is its own
                if element.name in self.leads and self.turn.runs_on(pos, end, self.own):
                    continue  # "subject eggs, say they come friday": the body is not its own
                arg = (element.name, value, self.turn.span(pos, end))
                read, scored = (*args, arg), _add(score, (0, 0, -skipped))
                self._step(at + 1, end, read, scored)
                if slot.listed and self.template.lists:
                    self._listed(at, end, element, read, scored)
            if at == 0 or not inside[pos] or quoted:
                return
            pos += 1
            skipped += 1

    def _relabelled(self, start: int, end: int, name: str) -> bool:
        """Whether tokens [start, end) hold, after a comma or semicolon or a joining word ("with",
        "com") and before more words, a word that labels another of the tool's fields than
        `name`."""
        norms = self.turn.norms
        joining = FIELD_MARKS | self.turn.profile.field_joiners
        return any(
            norms[at - 1] in joining and self.fields.get(norms[at], name) != name
            for at in range(start + 1, end - 1)
        )

    def _lead_in(self, at: int, pos: int, free: bool) -> bool:
        """Whether free text right after its label opens with a word that joins the two
        ("reason is", "dizendo que") and more words follow it."""
        return (
            free
            and self.template.introduced(at)
            and 0 < pos < len(self.turn.norms) - 1
            and tuple(self.turn.norms[pos - 1 : pos + 1]) in self.turn.profile.lead_ins
        )

    def _listed(self, at: int, pos: int, element: SlotRef, args: Args, score: Score) -> None:
        """One more value of a listed slot after a joiner or a comma: "orders 1, 2 and 3".

        The word just before the slot may come again ("order 1 and order 2"), and is read then.
        """
        turn, slot = self.turn, self.template.slots[element.name]
        between, separators = turn.between, turn.separators
        separated = False
        while pos < len(between) and between[pos]:
            separated = separated or separators[pos]
            pos += 1
        if not separated or pos == len(between):
            return
        head = self.template.elements[at - 1] if at else None
        if isinstance(head, Word) and not head.optional and turn.norms[pos] == head.norm:
            pos += 1
            score = _add(score, (1, 0, 0))
            while pos < len(between) and turn.inside[pos]:
                pos += 1
            if pos == len(between):
                return
        for end, value in _read(slot, turn, pos):
            read = (*args, (element.name, value, turn.span(pos, end)))
            self._step(at + 1, end, read, score)
            self._listed(at, end, element, read, score)


def _thanks(turn: TokenizedTurn, pos: int) -> bool:
    """Whether the words from `pos` open with a polite closer of the turn's language, past the
    fillers and marks before it ("ok, thanks a lot", "yeah, go ahead and do that")."""
    end = pos
    while end < len(turn.norms) and turn.inside[end]:
        end += 1
    return any(
        tuple(turn.norms[at : at + len(closer)]) == closer
        for at in range(pos, min(end + 1, len(turn.norms)))
        for closer in turn.profile.closers_from.get(turn.norms[at], ())
    )


@dataclass(frozen=True, slots=True)
class _Reading:
    score: Score
    order: tuple[int, ...]
    matches: tuple[Match, ...]

    def better_than(self, other: _Reading | None) -> bool:
        if other is None:
            return True
        return (self.score, _earliest(self.order)) > (other.score, _earliest(other.order))


def _earliest(order: tuple[int, ...]) -> tuple[int, ...]:
    """Rank earlier templates higher under `>`: negate their places in the file."""
    return tuple(-o for o in order)


class _TurnReader:
    """Dynamic programming over positions, right to left: a call at a position, then what may
    follow the call's end; each position's best reading needs only positions after it."""

    def __init__(self, turn: TokenizedTurn, templates: list[Template], grammar: Grammar) -> None:
        self.turn = turn
        self.templates = templates
        self.grammar = grammar
        size = len(turn.tokens) + 1
        self.from_call: list[_Reading | None] = [None] * size
        self.after: list[_Reading | None] = [None] * size

    def run(self) -> _Reading | None:
        count = len(self.turn.tokens)
        for pos in range(count, -1, -1):
            if pos < count:
                self.from_call[pos] = self._call_at(pos)
            self.after[pos] = self._after_call(pos)
        best: _Reading | None = None
        for pos in range(count):
            reading = self.from_call[pos]
            if reading is not None:
                reading = self._skipping(reading, pos)
                if reading.better_than(best):
                    best = reading
            if not self.turn.between[pos]:
                break
        return best

    @staticmethod
    def _skipping(reading: _Reading, count: int) -> _Reading:
        score = _add(reading.score, (0, 0, -count))
        return _Reading(score, reading.order, reading.matches)

    def _call_at(self, pos: int) -> _Reading | None:
        """The best reading of tokens[pos:] that begins with a call right at `pos`."""
        best: _Reading | None = None
        first = self.turn.norms[pos]
        typos = self.turn.corrections[pos]
        for template in self.templates:
            starts = template.starts
            if starts is not None and first not in starts and not starts & typos:
                continue
            for match in _TemplateReader(self.turn, template, pos, self.grammar).run():
                rests = [self.after[match.end]]
                if self.grammar.fronts(template) and match.end < len(self.turn.tokens):
                    rests.append(self.from_call[match.end])  # "pedido 4411 cobrar 40"
                for rest in rests:
                    if rest is None:
                        continue
                    reading = _Reading(
                        _add(match.score, rest.score),
                        (template.order, *rest.order),
                        (match, *rest.matches),
                    )
                    if reading.better_than(best):
                        best = reading
        return best

    def _after_call(self, end: int) -> _Reading | None:
        """The best reading of tokens[end:] once a call has ended at `end`."""
        between, separators = self.turn.between, self.turn.separators
        separated = self.turn.ends_marked(end)
        best = self.from_call[end] if separated else None
        pos = end
        while pos < len(between) and between[pos]:
            separated = separated or separators[pos]
            pos += 1
            reading = self.from_call[pos] if separated else None
            if reading is not None:
                reading = self._skipping(reading, pos - end)
                if reading.better_than(best):
                    best = reading
        if pos == len(between):
            tail = _Reading((0, 0, end - pos), (), ())
            if tail.better_than(best):
                best = tail
        return best


def read_turn(turn: TokenizedTurn, grammar: Grammar) -> tuple[Match, ...]:
    """The calls a turn asks for, in order; empty when the turn is unread."""
    if not turn.tokens or len(turn.tokens) > MAX_TOKENS:
        return ()
    templates = grammar.candidates(turn.words())
    if not templates:
        return ()
    reading = _TurnReader(turn, templates, grammar).run()
    return reading.matches if reading is not None else ()
