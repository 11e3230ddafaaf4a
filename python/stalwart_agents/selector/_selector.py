"""The selector: a turn in, a plan out, each argument typed by the person and found in the text."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any, Final

from stalwart_agents._generated.enums import Origin
from stalwart_agents.language import check_language
from stalwart_agents.plan import Call, Plan, Value
from stalwart_agents.selector._addressees import addressed
from stalwart_agents.selector._antecedents import looked_into, pointed_back
from stalwart_agents.selector._chat import past_chat
from stalwart_agents.selector._closers import closed, once
from stalwart_agents.selector._context import Context
from stalwart_agents.selector._courtesy import courteous
from stalwart_agents.selector._examples import examples_for
from stalwart_agents.selector._fields import later_field
from stalwart_agents.selector._frames import Frames
from stalwart_agents.selector._gapping import gapped
from stalwart_agents.selector._grammar import Grammar
from stalwart_agents.selector._insistence import insisted
from stalwart_agents.selector._matching import read_turn
from stalwart_agents.selector._openers import opened
from stalwart_agents.selector._passives import wished_done
from stalwart_agents.selector._plain_amounts import told
from stalwart_agents.selector._possessives import possessed
from stalwart_agents.selector._questions import asked, generic
from stalwart_agents.selector._references import Reading, negated, pointless, resolve
from stalwart_agents.selector._relatives import described
from stalwart_agents.selector._scope import Scope
from stalwart_agents.selector._senders import narrowed, sent
from stalwart_agents.selector._suggestions import suggest
from stalwart_agents.selector._turn import TokenizedTurn
from stalwart_agents.selector._vocabulary import Vocabulary

__all__ = ["Selector"]

# Whatever the selector reads, the person typed.
TYPED: Final = Origin.TYPED


class Selector:
    """Reads turns against one vocabulary: deterministic, explainable, and never a model."""

    def __init__(
        self, vocabulary: Vocabulary, *, today: Callable[[], dt.date] = dt.date.today
    ) -> None:
        self.vocabulary = vocabulary
        # Dates written without a year ("12 de abril") fall in the year of this day.
        self._today = today
        self._frames = {tag: Frames.build(grammar) for tag, grammar in vocabulary.grammars.items()}

    def plan(self, text: str, language: str) -> Plan:
        """Read a turn in `language`; a plan with no calls means the turn is unread, and then it
        may carry suggestions: complete requests the turn comes close to.

        Raises:
            UnsupportedLanguage: `language` is not one the selector reads.
        """
        tag = check_language(language)
        turn, calls = self._read(text, tag)
        suggestions: tuple[str, ...] = ()
        if not calls:

            def reread(suggestion: str) -> list[tuple[str, dict[str, Any]]]:
                _, read = self._read(suggestion, tag)
                return [(c.tool, {k: v.value for k, v in c.args.items()}) for c in read]

            suggestions = suggest(turn, self._frames[tag], reread)
        return Plan(calls=calls, text=text, language=tag, suggestions=suggestions)

    def _read(
        self, text: str, tag: str, gaps: bool = True
    ) -> tuple[TokenizedTurn, tuple[Call, ...]]:
        turn, readings = self._readings(text, tag, gaps)
        readings = _unrepeated(readings)
        calls = tuple(
            Call(
                tool=reading.tool,
                args={
                    name: Value(value=value, origin=TYPED, span=span)
                    for name, (value, span) in reading.args.items()
                },
            )
            for reading in readings
        )
        return turn, calls

    def _readings(self, text: str, tag: str, gaps: bool) -> tuple[TokenizedTurn, list[Reading]]:
        grammar = self.vocabulary.grammars[tag]
        frames = self._frames[tag]
        turn = TokenizedTurn.read(
            text,
            grammar.profile,
            self._today(),
            grammar.fillers,
            grammar.joiners,
            grammar.speller,
            grammar.synonyms,
        )
        plain = told(turn, frames.priced, grammar.heads) if frames.priced else None
        readings = _understood(turn, grammar, frames)
        if plain is not None and plain.roles.contradicted(readings):
            readings = []
        if (
            not readings
            and (repeated := once(turn, frames.acts)) is not None
            and not _again(turn, frames)
        ):
            readings = _understood(repeated, grammar, frames)
        if not readings and (moved := later_field(turn, grammar)) is not None:
            readings = _understood(moved, grammar, frames)
        if not readings and (told_of := described(turn)) is not None:
            readings = _understood(told_of, grammar, frames)
        if not readings and plain is not None and plain.headed is not None:
            readings = plain.roles.kept(_understood(plain.headed, grammar, frames))
        if not readings and (written := addressed(turn)) is not None:
            readings = _understood(written, grammar, frames)
        if not readings and (owned := possessed(turn)) is not None:
            readings = _understood(owned, grammar, frames)
        if not readings and gaps:
            readings = gapped(turn, lambda t: self._readings(t, tag, False)[1], frames.words)
        if not readings and gaps:
            readings = pointed_back(turn, frames, lambda t: self._readings(t, tag, False)[1])
        if gaps and (
            looked := looked_into(
                turn, readings, frames, lambda t: self._readings(t, tag, False)[1]
            )
        ):
            readings = looked
        if generic(turn, readings, frames.reader) or (
            plain is not None and plain.roles.contradicted(readings)
        ):
            readings = []
        return turn, readings

    def examples(self, language: str) -> dict[str, list[str]]:
        """Each tool's "Try it" sentences in `language`, tools in file order.

        Raises:
            UnsupportedLanguage: `language` is not one the selector reads.
        """
        grammar = self.vocabulary.grammars[check_language(language)]
        found: dict[str, list[str]] = {}
        for example in examples_for(grammar, self.vocabulary.written_examples, self._today()):
            found.setdefault(example.tool, []).append(example.text)
        return found


def _unrepeated(readings: list[Reading]) -> list[Reading]:
    """The readings but a call right after the same call with the very values it read, where
    they were typed: "has anyone written? read the inbox" reads it once, and so does "look up
    order 4804, is it paid?" ("it" takes the order the look-up read); a value typed twice
    ("charge 4804 $5 and charge 4804 $5") stays two calls."""
    return [
        reading
        for at, reading in enumerate(readings)
        if at == 0 or readings[at - 1].tool != reading.tool or readings[at - 1].args != reading.args
    ]


def _understood(turn: TokenizedTurn, grammar: Grammar, frames: Frames) -> list[Reading]:
    """The calls the turn reads as whole, else past its negated clauses, else past the clauses
    that tell a story before the request."""
    readings = _request(turn, grammar, frames)
    if not readings:
        scope = Scope.of(turn, frames, grammar)
        # Every negation lies in a skipped clause: the scope's guard stands for negated().
        readings = scope.read(lambda t: _affirmed(t, grammar, frames)) if scope else []
    if not readings:
        context = Context.of(turn, frames, grammar)
        readings = context.read(lambda t: _request(t, grammar, frames)) if context else []
    if not readings and (plain := insisted(turn)) is not None:
        readings = _understood(plain, grammar, frames)
    return readings


def _again(turn: TokenizedTurn, frames: Frames) -> bool:
    """Whether the turn names the act of a tool whose phrases say "again" themselves ("open
    order 4412 again" reopens it): there the word is the request's, not a repetition."""
    words = {word for phrase in turn.profile.repeats for word in phrase}
    tools = {tool for word in words for tool in frames.named.get(word, ())}
    return any(frames.acts.get(norm, frozenset()) & tools for norm in turn.norms)


def _request(turn: TokenizedTurn, grammar: Grammar, frames: Frames) -> list[Reading]:
    """The calls the turn reads as, or else the turn past its polite closers reads as."""
    readings = _requested(turn, grammar, frames)
    if not readings:
        polite = closed(turn)
        readings = _requested(polite, grammar, frames) if polite is not None else []
    return readings


def _requested(turn: TokenizedTurn, grammar: Grammar, frames: Frames) -> list[Reading]:
    """The calls the turn reads as: as typed, past chat, past a polite opener, or as a question
    about a thing, the first of these that reads."""
    readings = _readings(turn, grammar)
    if readings:
        return readings
    chatty = past_chat(turn, frames.words)
    readings = _readings(chatty, grammar) if chatty is not None else []
    if not readings:
        # A polite opener may follow chat ("Hi! If it's no trouble, save ...").
        polite = opened(turn if chatty is None else chatty)
        readings = _readings(polite, grammar) if polite is not None else []
    if not readings:
        readings = courteous(turn if chatty is None else chatty, lambda t: _readings(t, grammar))
    if not readings:
        readings = wished_done(turn if chatty is None else chatty, lambda t: _readings(t, grammar))
    if not readings:
        question = asked(turn, grammar, frames)
        readings = _readings(question, grammar) if question is not None else []
    if not readings:
        indirect = opened(turn, turn.profile.asking)
        question = asked(indirect, grammar, frames) if indirect is not None else None
        readings = _readings(question, grammar) if question is not None else []
    if not readings:
        readings = sent(turn, grammar, frames.unslotted, lambda t: _readings(t, grammar))
    if not readings:
        readings = narrowed(turn, frames.acts, frames.unslotted, lambda t: _readings(t, grammar))
    return readings


def _affirmed(turn: TokenizedTurn, grammar: Grammar, frames: Frames) -> list[Reading]:
    """The calls of a turn whose negated clauses are skipped: as typed, past chat ("don't
    worry about the fee, it's fine, charge 2740 $52"), as any request reads ("não precisa
    estornar, me diz quanto ficou o pedido 5502", "not reopening 8716 - look it up though"), or
    past the story the affirmed clauses tell ("not sure why, but I do want 5581 back, reopen
    it")."""
    readings = _readings(turn, grammar, False)
    if not readings:
        chatty = past_chat(turn, frames.words)
        readings = _readings(chatty, grammar, False) if chatty is not None else []
    readings = readings or _request(turn, grammar, frames)
    if not readings:
        context = Context.of(turn, frames, grammar)
        readings = context.read(lambda t: _request(t, grammar, frames)) if context else []
    return readings


def _readings(turn: TokenizedTurn, grammar: Grammar, negations: bool = True) -> list[Reading]:
    """The calls the turn reads as; none where a negation (when looked for) says not to act."""
    matches = read_turn(turn, grammar)
    if negations and negated(turn, matches):
        return []
    readings = resolve(turn, matches, grammar)
    return [] if pointless(turn, readings) else readings
