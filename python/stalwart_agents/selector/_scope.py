"""Negation in its clause: "no need to refund, just reopen order 2210", "I don't want order 1502
anymore, please cancel it".

A turn whose negation reads no other way is read clause by clause (clauses part at marks and at
conjunctions: "but", "just", "mas", "só"; "instead of" and "em vez de" negate as "don't" does). A
clause holding a negation is negated; every act it names is barred from the plan, whatever the
order of the clauses: each tool whose phrases a word of the clause
opens ("cancel", "estorna", "open"), up to the first act after its first negation ("don't send
anything": the email; "anything" is its object, no act of its own). A word a phrase holds in
passing ("her", "cliente") names no act. The turn is read again with its negated clauses
skipped, but for the names of things and their values in them ("order 1502", or a bare number
after a word: "cancel 5518"), which the call after them takes as a fronted object; where no call
takes them, they are the negated act's own, and the turn is read once more with them skipped too
("don't cancel 5120, just refund ch-7731"), each call then holding a value of its own. A clause
that negates a whole ("don't refund the whole thing", "não estorna tudo") says no to the amount,
not the act: where the affirmed clauses give values but ask for no act ("just $10 on ch-7008"),
its act word is read with them. The guard stays strict, so the turn stays unread:
- when a negated clause neither names a tool ("no", "do not"), nor says "no longer" ("anymore",
  "mais"), nor states a fact of its own ("the parcel never arrived"), nor, leading the turn,
  eases what follows ("no rush", "sem pressa"): it says no to the whole turn (a clause of what
  the person has not got, found or read, "I can't find order 6634", is a fact and bars no act,
  and so is a correction, "não é o 3518, é o 3581", whose denied value no call may take; a
  negation in a field's free text is what the person wrote there);
- when any word of the turn supposes or reports ("if", "said", "se", "disse"), but in a clause
  that takes back what was said ("never mind what I said", "esquece o que eu falei");
- when a call it would plan is barred, or starts inside a negated clause, or its own clause holds
  no word of its tool's phrases but a thing's name ("cancel no, order 4411" plans nothing).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from stalwart_agents.selector._bare import acted_on, headed, identifies
from stalwart_agents.selector._chat import clauses, conjunctions
from stalwart_agents.selector._courtesies import closing_courtesies
from stalwart_agents.selector._doubts import asked, conceded, eased, opening, owned, whether, wished
from stalwart_agents.selector._facts import told
from stalwart_agents.selector._frames import Frames
from stalwart_agents.selector._fronted import fronted, pointed_at
from stalwart_agents.selector._grammar import Grammar
from stalwart_agents.selector._negated_facts import befell, corrected, denials, someone, turned_down
from stalwart_agents.selector._ones import ones
from stalwart_agents.selector._references import Reading
from stalwart_agents.selector._turn import TokenizedTurn
from stalwart_agents.selector._typed import free_text_start

__all__ = ["Scope"]

# A word that names a tool in a negated clause is this long at least: "do" in "do not" is not one.
_WORD: Final = 4
# A word that names the act a negation governs is this long at least: "do" in "do not" is not one.
_ACT: Final = 3
# A word three tools or more require names none of them.
_TELLING: Final = 2
# A negated clause with this many words of its own states a fact rather than saying no.
_STATED: Final = 2
# One such word is enough where the negated clause comes before every affirmed one ("no rush").
_EASED: Final = 1


def _names(turn: TokenizedTurn, at: int, frames: Frames) -> frozenset[str]:
    """The tools the word at `at` names, as typed or one typo off."""
    found: set[str] = set()
    for word in (turn.norms[at], *turn.corrections[at]):
        found |= frames.named.get(word, frozenset())
    return frozenset(found)


def _stated(turn: TokenizedTurn, clause: range, grammar: Grammar, leading: bool) -> bool:
    """Whether a negated clause states a fact of its own ("the customer never got the parcel",
    "não tem problema"): two words or more that no phrase writes and no filler is, or one where
    the clause leads the turn and eases what follows ("no rush", "sem pressa") or tells someone
    else's doing ("the customer didn't like it"; after the request, "o chefe não vai gostar" is
    a worry, not a fact). A bare "no",
    or a negation among a phrase's own words, states nothing: it says no to the turn."""
    profile = turn.profile
    own = [
        norm
        for norm in (turn.norms[at] for at in clause)
        if norm.replace("'", "").isalpha()
        and norm not in grammar.words
        and norm not in grammar.fillers
        and norm not in grammar.joiners
        and not profile.negates(norm)
    ]
    return len(own) >= (_EASED if leading else _STATED) or (
        leading and someone(turn, clause, grammar)
    )


def _hedges(turn: TokenizedTurn, parts: list[range], typed: int, frames: Frames) -> list[int]:
    """Where a word of the turn supposes, reports or asks ("if", "said", "se", "disse"), but
    in a clause that takes back what was said, as the verb or the question of what the person
    has not done or does not know ("I can't tell from the app", "not sure why it's open": the
    person's own fact, no one's words), or opening a wish ("quero que você reabra"), or in a
    closing courtesy ("when you can", "quando der"), or in a field's free text after its label
    ("texto chega semana que vem")."""
    hedges = turn.profile.hedges
    polite = closing_courtesies(turn)
    found = [at for at in _unclaused(turn, parts) if turn.norms[at] in hedges]
    for clause in parts:
        if _retracts(turn, clause) or eased(
            turn, clause, lambda at: bool(_acting(turn, at, frames))
        ):
            continue
        own = opening(turn, clause)
        found += [
            at
            for at in clause
            if turn.norms[at] in hedges
            and at not in own
            and at not in polite
            and at < typed
            and not wished(turn, at)
        ]
    return found


def _barring(turn: TokenizedTurn, at: int, frames: Frames) -> frozenset[str]:
    """The tools a word of a negated clause bars: those whose phrases it opens, the acts ("open"
    bars each tool it opens); a word a phrase holds in passing ("her", "cliente") names no act,
    and the negation and its "no need" ("não", "precisa") are what negates, not an act ("emails
    não lidos", "o pedido precisa ser cancelado")."""
    norm = turn.norms[at]
    if turn.profile.negates(norm) or norm in turn.profile.needs:
        return frozenset()
    acts = frames.acts
    return frozenset().union(*(acts.get(word, ()) for word in (norm, *turn.corrections[at])))


def _governed(turn: TokenizedTurn, clause: range, frames: Frames) -> frozenset[str]:
    """The acts a negated clause says no to: those its words name up to its act; the words after
    the act are its objects ("don't send anything": "send", not "anything"), but every act before
    is barred too ("open my inbox? no"), but for a tool of no values where the act's object is
    a thing's name."""
    cut = _act(turn, clause, frames)
    last = clause.stop - 1 if cut is None else cut
    barred = frozenset().union(
        *(_barring(turn, at, frames) for at in range(clause.start, last + 1))
    )
    profile = turn.profile
    if any(turn.norms[at] in profile.wishing | profile.needs for at in clause):
        # A wish said no to bars the act its form names: "we don't need order 4471 cancelled".
        barred |= frozenset().union(*(frames.forms(turn.norms[at]) for at in clause))
    if any(turn.norms[at] in frames.heads for at in range(last + 1, clause.stop)):
        # The act's object is a thing with a value ("não precisa ver pedido nenhum"): the act
        # is that thing's, never a tool's that takes no value ("ver" the inbox).
        return barred - frames.valueless
    return barred


def _act(turn: TokenizedTurn, clause: range, frames: Frames) -> int | None:
    """Where the act a negated clause governs stands: the first word after its first negation
    that opens phrases of one or two tools ("she won't get a refund": "get" opens four tools'
    phrases, so "refund" is the act)."""
    negation = next(at for at in clause if turn.profile.negates(turn.norms[at]))
    return next(
        (
            at
            for at in range(negation + 1, clause.stop)
            if 0 < len(_acting(turn, at, frames)) <= _TELLING
        ),
        None,
    )


def _retracts(turn: TokenizedTurn, clause: range) -> bool:
    """Whether a clause takes back what was said before: it opens with a negation and a word of
    taking back ("never mind what I said", "esquece o que eu falei"), so a report in it is the
    person's own words set aside."""
    profile = turn.profile
    words = [turn.norms[at] for at in clause]
    opens = words[:2]
    return (
        bool(opens) and profile.negates(opens[0]) and any(w in profile.retractions for w in opens)
    )


def _echoed(turn: TokenizedTurn, clause: range, negated: list[range]) -> bool:
    """Whether a clause is a bare "no" that the negated clause right after it says again ("no,
    don't reopen 1432", "não, não é o 3518"): it says no to that clause's act, not the turn."""
    after = [other for other in negated if other.start > clause.start]
    return (
        all(turn.profile.negates(turn.norms[at]) for at in clause)
        and bool(after)
        and all(not turn.norms[at] for at in range(clause.stop + 1, after[0].start))
    )


def _set_aside(turn: TokenizedTurn, parts: list[range], frames: Frames) -> list[range]:
    """The clauses, each negated one ended right after its act's thing, mark or no mark, where
    an act's word follows it ("não quero mais o 8593 cancela ele"), or anything does after
    "instead of" ("em vez de cancelar o 6911 me diz quanto deu")."""
    insteads = turn.profile.insteads
    instead = "-".join(insteads[0]) if insteads else None
    found: list[range] = []
    for clause in parts:
        end = clause.stop
        negation = next((at for at in clause if turn.profile.negates(turn.norms[at])), None)
        if negation is not None:
            # Only a thing after the negation is its act's: "put through order 4411 no" stays.
            aside = turn.norms[clause.start] == instead and not _put_off(turn, clause.start)
            end = next(
                (
                    at + 1
                    for at in range(negation + 1, clause.stop)
                    if any(ch.isdigit() for ch in turn.norms[at])
                    and (aside or _acted_after(turn, range(at + 1, clause.stop), frames))
                    # An amount is no thing set aside: "no process a 40 refund of ch-4411"
                    # refuses the whole refund.
                    and (aside or identifies(turn.norms[at]))
                ),
                clause.stop,
            )
        found.extend(part for part in (range(clause.start, end), range(end, clause.stop)) if part)
    return found


def _put_off(turn: TokenizedTurn, at: int) -> bool:
    """Whether the negation at `at` was typed as a word that puts its thing off ("deixa o
    pedido 8732 de lado"): the whole clause is the put-off, its ending ("de lado") no clause of
    its own."""
    token = turn.tokens[at]
    return turn.text[token.start : token.end].casefold() in turn.profile.put_offs[0]


def _acted_after(turn: TokenizedTurn, rest: range, frames: Frames) -> bool:
    """Whether what follows a negated clause's thing opens with an act's word and holds no form
    of an act ("cancela ele" does; "seja cancelado" is the wish said no to, and stays in it)."""
    norms = turn.norms
    participles = (norms[at] for at in rest if not frames.acts.get(norms[at]))
    return (
        bool(rest)
        and bool(_acting(turn, rest.start, frames))
        and not any(frames.forms(norm) for norm in participles)
    )


def _unclaused(turn: TokenizedTurn, parts: list[range]) -> list[int]:
    """Where the words of the turn in no clause stand: its conjunctions ("but", "mas")."""
    inside = {at for clause in parts for at in clause}
    return [at for at in range(len(turn.norms)) if at not in inside]


def _valued(turn: TokenizedTurn, at: int, heads: frozenset[str], frames: Frames) -> bool:
    """Whether a word of a negated clause names a thing or its value, kept for the call after it:
    a head and its value ("order 1502"), an address, an id of letters and digits ("ch-7731"), or
    a bare number ("cancel 5518", "cancel 1947"); a date or a count ("on the 14th") is told."""
    norms = turn.norms
    norm = norms[at]
    if norm in heads or "@" in norm or (at > 0 and norms[at - 1] in heads):
        return True
    return identifies(norm) or acted_on(turn, at, frames.acting)


def _partial(
    turn: TokenizedTurn, negated: list[range], affirmed: set[int], frames: Frames
) -> set[int]:
    """The act words of clauses that negate a whole ("don't refund the whole thing"), kept for
    the values of an affirmed clause that asks for no act of its own ("just $10 on ch-7008")."""
    norms = turn.norms
    if any(frames.acts.get(norms[at]) for at in affirmed) or not any(
        ch.isdigit() for at in affirmed for ch in norms[at]
    ):
        return set()
    acts = (_whole(turn, clause, frames) for clause in negated)
    return {at for at in acts if at is not None}


def _whole(turn: TokenizedTurn, clause: range, frames: Frames) -> int | None:
    """Where the act of a clause that negates a whole stands: a negation, then its act and a
    word for the whole in either order ("don't refund the whole thing", "not the whole
    refund"); None in any other clause."""
    wholes = turn.profile.wholes
    negation = next(at for at in clause if turn.profile.negates(turn.norms[at]))
    if not any(turn.norms[at] in wholes for at in range(negation, clause.stop)):
        return None
    # The word for the whole is no act ("full" opens "full refund" too).
    return next(
        (
            at
            for at in range(negation + 1, clause.stop)
            if turn.norms[at] not in wholes and 0 < len(_acting(turn, at, frames)) <= _TELLING
        ),
        None,
    )


def _acting(turn: TokenizedTurn, at: int, frames: Frames) -> frozenset[str]:
    """The acts a word of a negated clause names by itself: an auxiliary or a question's word
    ("do", "has", "what's") opens phrases but names no act of its own."""
    norm = turn.norms[at]
    if len(norm) < _ACT or norm in turn.profile.questions:
        return frozenset()
    return _barring(turn, at, frames)


def _telling(turn: TokenizedTurn, at: int, frames: Frames) -> bool:
    """Whether the word at `at` names one tool or two by itself: a word of four letters or
    more ("cancela", "refund", "show"), never an auxiliary ("do") nor "no need" ("precisa")."""
    norm = turn.norms[at]
    return (
        len(norm) >= _WORD
        and norm not in turn.profile.needs
        and 0 < len(_names(turn, at, frames)) <= _TELLING
    )


def _only(turn: TokenizedTurn, at: int, frames: Frames) -> str | None:
    """The one tool the word at `at` names, as typed or one typo off; None where it names
    none or several ("inbox" names the inbox's read alone, "email" the inbox and the send)."""
    named = _names(turn, at, frames)
    return next(iter(named)) if len(named) == 1 else None


def _named_apart(
    turn: TokenizedTurn, negated: list[range], affirmed: set[int], frames: Frames
) -> frozenset[str]:
    """The tools an affirmed clause names by a word of that tool alone that no negated clause
    holds ("don't email anyone, just check the inbox": "inbox"): the negated act, a word of
    that tool and others ("email"), says no to the others, never to the one asked for by name."""
    said = {turn.norms[at] for clause in negated for at in clause}
    acts = [_act(turn, clause, frames) for clause in negated]
    if None in acts:
        return frozenset()  # a clause that says no to no act of its own ("check no") bars all
    # A word after the act is its object ("email anyone"), naming no tool refused.
    acting = [range(c.start, a + 1) for c, a in zip(negated, acts, strict=True) if a is not None]
    barring = [at for clause in acting for at in clause if _barring(turn, at, frames)]
    refused = {_only(turn, at, frames) for at in barring}
    # A tool the affirmed clauses name with a word the negated ones say too, or one another
    # form of an act word refused ("ver" and "vê"), stays refused.
    forms = {_names(turn, at, frames) for at in barring}
    echoed = {
        tool
        for at in affirmed
        if turn.norms[at] in said or _names(turn, at, frames) in forms
        for tool in _names(turn, at, frames)
    }
    asked = {_only(turn, at, frames) for at in affirmed}
    return frozenset(tool for tool in asked - refused - echoed if tool is not None)


def _fact(turn: TokenizedTurn, clause: range, frames: Frames) -> bool:
    """Whether a negated clause tells a fact: what the person has not got ("I never received
    the item") or what happened to a thing ("a cliente não recebeu a ch-4208")."""
    return owned(turn, clause) or told(turn, clause, frames.opening)


def _doubted(turn: TokenizedTurn, negated: list[range]) -> bool:
    """Whether a clause of doubt asks whether and no "but" parts it from the request ("não sei
    se pagaram, olha o 6127"): only a look may follow it."""
    return any(whether(turn, clause) and not conceded(turn, clause) for clause in negated)


@dataclass(frozen=True)
class Scope:
    """A turn with its negated clauses skipped, and what the negations bar."""

    turn: TokenizedTurn
    # The turn with its negated clauses skipped whole, their values too.
    whole: TokenizedTurn
    barred: frozenset[str]
    # Positions of the tokens in clauses no negation governs.
    affirmed: frozenset[int]
    frames: Frames
    # The only tools the turn may plan, where a doubt asks whether right before the request
    # ("I can't tell if she paid, look up 2604"): the looks; None where any tool may be.
    looks: frozenset[str] | None = None
    # Positions of the clauses that ask what a look finds ("me diz quanto ficou o pedido 5502"):
    # a look read there by its thing alone is asked for.
    asks: frozenset[int] = frozenset()
    # Positions of the negated clauses that tell a fact ("I never received the item from
    # ch-4208"): a thing they name may be the request's fronted object.
    facts: frozenset[int] = frozenset()

    @classmethod
    def of(cls, turn: TokenizedTurn, frames: Frames, grammar: Grammar) -> Scope | None:
        """The turn's negations in their clauses, or None where one says no to the whole turn."""
        profile = turn.profile
        heads = grammar.heads
        norms = turn.norms
        parts = _set_aside(turn, clauses(turn), frames)
        typed = free_text_start(turn, grammar)
        hedging = _hedges(turn, parts, typed, frames)
        looks = frozenset({frames.reader} if frames.reader else ()) | frames.valueless
        if any(not asked(turn, at, frames.acts, looks) for at in hedging):
            return None
        negated: list[range] = []
        affirmed: set[int] = set()
        for clause in parts:
            # A negation in a field's free text is what the person wrote there ("corpo 'itens
            # em promoção não têm devolução'"), no refusal.
            if any(profile.negates(norms[at]) for at in clause if at < typed):
                negated.append(clause)
            else:
                affirmed.update(clause)
        if not negated or not affirmed:
            return None
        partial = _partial(turn, negated, affirmed, frames)
        affirmed.update(partial)
        barred: set[str] = set()
        for clause in negated:
            leading = clause.stop <= min(affirmed)
            if (
                owned(turn, clause)
                or _echoed(turn, clause, negated)
                or corrected(turn, clause, grammar) is not None
                or (leading and befell(turn, clause, frames.acts))
            ):
                continue
            named = any(_acting(turn, at, frames) or _telling(turn, at, frames) for at in clause)
            no_longer = any(norms[at] in profile.no_longer for at in clause) or turned_down(
                turn, clause, heads
            )
            if not (named or no_longer or _stated(turn, clause, grammar, leading)):
                return None
            if _whole(turn, clause, frames) is None:
                barred |= _governed(turn, clause, frames)
        barred -= _named_apart(turn, negated, affirmed, frames)
        parting = conjunctions(turn)
        whole = [at for clause in negated for at in clause] + parting
        # A thing put off ("deixa o pedido 8732 de lado") is no thing for the request to take.
        aside = {at for clause in negated if _put_off(turn, clause.start) for at in clause}
        # Nor is a value a correction denies ("não é o 3518, é o 3581"), which none may take.
        wrong = denials(turn, negated, affirmed, grammar)
        if wrong is None:
            return None
        aside |= wrong
        skipped = [
            at
            for at in whole
            if (at in aside or not _valued(turn, at, heads, frames)) and at not in partial
        ]
        kept = headed(
            turn.blanked(skipped, parting), skipped, grammar, frames.reader, frames.acting
        )
        for at, word in ones(turn, negated, affirmed, frames):
            kept = kept.named(at, word)
        return cls(
            kept,
            turn.blanked(whole, parting),
            frozenset(barred),
            frozenset(affirmed),
            frames,
            looks if hedging or _doubted(turn, negated) else None,
            frozenset(at for clause in parts if set(hedging) & set(clause) for at in clause),
            frozenset(at for clause in negated if _fact(turn, clause, frames) for at in clause),
        )

    def read(self, reader: Callable[[TokenizedTurn], Sequence[Reading]]) -> list[Reading]:
        """The calls the affirmed clauses ask for, with the negated clauses' values or without;
        without them, only calls that hold values of their own (the order of "não vou mais
        querer a compra 2210, pode cancelar" is never dropped to be asked again)."""
        kept = self.keep(reader(self.turn))
        if kept:
            return kept
        whole = self.keep(reader(self.whole))
        # "it" there points at the thing of a negated clause, dropped with it: nothing sure.
        pointers = self.turn.profile.pronouns | self.turn.profile.plural_pronouns
        pointing = any(self.whole.norms[at] in pointers for at in self.affirmed)
        # A tool that takes no value ("check the inbox") is whole without one.
        held = all(reading.args or reading.tool in self.frames.valueless for reading in whole)
        return whole if held and not pointing else []

    def _asked_after(self, end: int) -> bool:
        """Whether a call ending at `end` ends in a clause that asks, or right before one."""
        norms = self.turn.norms
        after = next((k for k in range(end, len(norms)) if norms[k] not in ",;:-"), end)
        return end - 1 in self.asks or after in self.asks

    def _valued_asks(self) -> bool:
        """Whether a clause that asks names a value of its own ("check whether 1248 is paid")."""
        return any(ch.isdigit() for at in self.asks for ch in self.turn.norms[at])

    def keep(self, readings: Sequence[Reading]) -> list[Reading]:
        """The readings, if each is a call an affirmed clause asks for by its tool's words."""
        for reading in readings:
            match = reading.match
            # A look a question asks may start at the thing a fact before it named ("I never
            # saw order 2290, what was it?"), where the question names none of its own.
            looked = reading.tool in (self.looks or ()) and self._asked_after(match.end)
            pointed = pointed_at(self.turn, reading, self.affirmed, self.frames) or (
                not self.barred
                and reading.match.start in self.facts
                and fronted(self.turn, reading, self.affirmed, self.frames)
            )
            early = (looked and not self._valued_asks()) or pointed
            if reading.tool in self.barred or (match.start not in self.affirmed and not early):
                return []
            if self.looks is not None and reading.tool not in self.looks:
                return []
            own = range(match.start, match.end)
            if not (looked or pointed) and not any(
                reading.tool in _names(self.turn, at, self.frames) for at in own
            ):
                return []
        return list(readings)
