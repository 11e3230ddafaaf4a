"""Did you mean: for a turn nothing reads, up to three complete requests it comes close to.

A turn comes close to a tool when a clause of it that no negation governs holds a word only that
tool's phrases (or few tools') require, as typed or one typo off: "could you have a look at order
5521" holds "look", "quero cancelar a compra 1502" holds "cancelar"; so it does when it holds a
value of a form only that tool takes ("zap ch-9012 back 30 bucks": the refund). Each suggestion is
the tool's first phrase that takes the values the turn holds (its order, its amount), in the turn's
language, and it is kept only when the reader reads it back as that very call: pressing it sends a
turn that plans like any other. A clause that says no ("no", "não" on its own) leaves the whole
turn without suggestions, one that names a thing ("esquece o pedido 9315") refuses that thing, so
no suggestion takes it, and no tool a negated clause names is suggested, but a clause of what the
person does not know or has not got ("not sure if any emails came") bars none, unless with its
negation taken out it asks for a tool ("never find order 4411"); a word that only names an id typed
after it ("charge ch-3345") suggests no tool that cannot take it.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Final

from stalwart_agents.selector._bare import identifies
from stalwart_agents.selector._currencies import marked
from stalwart_agents.selector._dates import day_positions
from stalwart_agents.selector._doubts import owned
from stalwart_agents.selector._frames import Frames
from stalwart_agents.selector._grammar import Template
from stalwart_agents.selector._phrases import SlotRef
from stalwart_agents.selector._plain_amounts import Roles, told
from stalwart_agents.selector._slots import IdentifierSlot, MoneySlot, Slot, TextSlot
from stalwart_agents.selector._text import Kind
from stalwart_agents.selector._turn import TokenizedTurn

__all__ = ["MAX_SUGGESTIONS", "suggest"]

MAX_SUGGESTIONS: Final = 3
# How much of a phrase (its required words and its slots) a turn must hold to come close to it.
_CLOSE: Final = 0.6
# Renderings tried per tool, so an unread turn stays as quick to answer as a read one.
_TRIES: Final = 6
# A number written with cents or more decimals ("27.50", "58,90", "27.505"): never an order's
# number.
_FRACTION: Final = re.compile(r"\d+[.,]\d{2,}")

# What a rendered suggestion reads as: one call, its tool and its values.
Reread = Callable[[str], Sequence[tuple[str, dict[str, Any]]]]


def _clauses(turn: TokenizedTurn) -> list[range]:
    """The turn's clauses: the stretches between its marks and joiners."""
    clauses: list[range] = []
    start = 0
    for at, separator in enumerate(turn.separators):
        if separator:
            if at > start:
                clauses.append(range(start, at))
            start = at + 1
    if start < len(turn.tokens):
        clauses.append(range(start, len(turn.tokens)))
    return clauses


def _telling(turn: TokenizedTurn, clause: range, frames: Frames) -> set[str]:
    """The telling words a clause holds, as typed, one typo off, or in another form."""
    return {
        word
        for at in clause
        if turn.tokens[at].kind is Kind.WORD
        for said in (turn.norms[at], *turn.corrections[at])
        for word in (said, *frames.form_words(said))
        if word in frames.telling
    }


def _owning(turn: TokenizedTurn, clause: range, frames: Frames) -> set[str]:
    """The tool a clause's value names, where only that tool takes a value of its form: "ch-9012"
    names the refund, whatever verb it was typed with."""
    return {
        tool
        for at in clause
        if len(tools := frames.takers(turn, at, patterned=True)) == 1
        for tool in tools
    }


def _naming(turn: TokenizedTurn, frames: Frames) -> dict[str, frozenset[str]]:
    """Words typed only right before an id in a patterned form ("charge ch-3345"), and the act
    words they may be forms of ("cobrança ch-3345"), with the slots that read it: there they name
    the thing, and ask for no tool without such a slot."""
    named: dict[str, set[str]] = {}
    acting: set[str] = set()
    for at, token in enumerate(turn.tokens):
        if token.kind is not Kind.WORD:
            continue
        after = at + 1 < len(turn.tokens)
        ids = {slot.name for slot in frames.patterned if after and slot.read(turn, at + 1)}
        for said in (turn.norms[at], *turn.corrections[at]):
            for word in (said, *frames.form_words(said)):
                if ids:
                    named.setdefault(word, set()).update(ids)
                else:
                    acting.add(word)
    return {word: frozenset(ids) for word, ids in named.items() if word not in acting}


def _closeness(
    template: Template, slots: tuple[str, ...], words: set[str], filled: set[str]
) -> tuple[float, int]:
    """The share of a template's required words and slots the turn holds, and how many it holds;
    one that takes no value the turn holds must be held whole, and by two words or more."""
    held = len(template.required & words) + sum(name in filled for name in slots)
    share = held / (len(template.required) + len(slots))
    if not filled and (share < 1 or len(template.required) < 2):
        return (0.0, 0)
    return (share, held)


def _refused(turn: TokenizedTurn, clause: range, frames: Frames) -> bool:
    """Whether a clause says no to the whole turn: a negation with no telling word beside it
    ("no", "do not", "order 4411? no", "não precisa!"), unless it says "no longer" ("I don't
    want it anymore")."""
    profile = turn.profile
    norms = turn.norms
    if owned(turn, clause) or not any(
        profile.negates(norm) for norm in norms[clause.start : clause.stop]
    ):
        return False
    telling = _telling(turn, clause, frames) - profile.needs
    thing = any(identifies(norms[at]) for at in clause)
    return not (telling or thing or any(norms[at] in profile.no_longer for at in clause))


def _taking(turn: TokenizedTurn, clause: range, frames: Frames) -> set[str]:
    """The tools that would take a thing a negated clause names with no act ("esquece o pedido
    9315"): it refuses that thing, so no suggestion may carry it."""
    return {tool for at in clause if identifies(turn.norms[at]) for tool in frames.takers(turn, at)}


def _doubt(turn: TokenizedTurn, clause: range, reread: Reread) -> bool:
    """Whether a negated clause tells only what the person does not know or has not got ("not
    sure if I've got any emails"): it opens so, and with its negation taken out it asks for
    nothing ("never find order 4411" asks for "find order 4411": a refusal)."""
    if not owned(turn, clause):
        return False
    tokens = turn.tokens
    said = " ".join(
        turn.text[tokens[at].start : tokens[at].end]
        for at in clause
        if not turn.profile.negates(turn.norms[at])
    )
    return not reread(said)


Found = list[tuple[int, int, Any]]


def _values(turn: TokenizedTurn, slot: Slot, frames: Frames, seen: dict[int, Found]) -> Found:
    """Every value a slot reads in the turn, as (start, end, value), read once per slot in
    `seen`: many phrases of a tool share its slots."""
    found = seen.get(id(slot))
    if found is None:
        roles = told(turn, frames.priced, frames.heads) if frames.priced else None
        found = seen[id(slot)] = _read_values(turn, slot, frames, roles.roles if roles else None)
    return found


def _read_values(turn: TokenizedTurn, slot: Slot, frames: Frames, roles: Roles | None) -> Found:
    """Free text is never guessed; a plain identifier takes no amount ("$25", "27.50"), no day
    ("dia 15") and nothing a patterned one reads ("ch-1"); an amount in words must be marked
    ("the mug one" and "no one" are no amounts); a bare number the words around it tell is an
    order or an amount fills only that ("charge 7701 for 120")."""
    if isinstance(slot, TextSlot):
        return []
    plain = isinstance(slot, IdentifierSlot) and slot.pattern is None
    barred = "amount" if plain else "id" if isinstance(slot, MoneySlot) else None
    found: list[tuple[int, int, Any]] = []
    days = day_positions(turn.tokens, turn.profile, turn.today) if plain else frozenset()
    for pos, token in enumerate(turn.tokens):
        if token.kind is Kind.BREAK:
            continue
        readings = slot.read(turn, pos)
        if not readings or (roles is not None and roles.of(turn, pos) == barred):
            continue
        if plain and (
            pos in days
            or _FRACTION.fullmatch(token.norm)
            or any(other.read(turn, pos) for other in frames.patterned)
            or any(_marked_money(turn, pos, money) for money in frames.amounts)
        ):
            continue
        spelled = token.kind is Kind.WORD and not token.norm[:1].isdigit()
        if isinstance(slot, MoneySlot) and spelled and not _marked_money(turn, pos, slot):
            continue
        end, value = readings[0]
        found.append((pos, end, value))
    return found


def _marked_money(turn: TokenizedTurn, pos: int, money: MoneySlot) -> bool:
    """Whether the token is an amount its currency or its cents mark: "$25", "25 reais",
    "85 cents"."""
    marks_before, marks_after = money.marks(turn.profile)
    before = pos > 0 and turn.tokens[pos - 1].norm in marks_before
    following = turn.tokens[pos + 1].norm if pos + 1 < len(turn.tokens) else ""
    after = marked(following, marks_after) or following in turn.profile.cents
    return (before or after) and bool(money.read(turn, pos - 1 if before else pos))


def _render(template: Template, values: dict[str, Any], turn: TokenizedTurn) -> str:
    parts = [
        template.slots[e.name].render(values[e.name], turn.profile)
        if isinstance(e, SlotRef)
        else e.text
        for e in template.elements
    ]
    text = " ".join(parts)
    return text[:1].upper() + text[1:]


def _fills(
    template: Template, turn: TokenizedTurn, frames: Frames, seen: dict[int, Found]
) -> Iterator[dict[str, Any]]:
    """Ways to give each of the template's slots a value the turn holds, none overlapping."""
    names = frames.names[template]
    options = [_values(turn, template.slots[name], frames, seen) for name in names]
    for choice in itertools.product(*options):
        taken = [at for start, end, _ in choice for at in range(start, end)]
        if len(set(taken)) == len(taken):
            yield {name: value for name, (_, _, value) in zip(names, choice, strict=True)}


def _for_tool(
    tool: str, turn: TokenizedTurn, frames: Frames, reread: Reread, seen: dict[int, Found]
) -> str | None:
    """The tool's earliest phrase with the most of the turn's values that reads back as it."""
    tries = 0
    templates = frames.templates[tool]
    takes_values = bool(frames.names[templates[0]])
    for template in templates:
        names = frames.names[template]
        if takes_values and not names:
            break  # a tool that takes values is not suggested without any
        if not all(_values(turn, template.slots[name], frames, seen) for name in names):
            continue
        for values in _fills(template, turn, frames, seen):
            tries += 1
            if tries > _TRIES:
                return None
            text = _render(template, values, turn)
            if list(reread(text)) == [(tool, values)]:
                return text
    return None


def suggest(turn: TokenizedTurn, frames: Frames, reread: Reread) -> tuple[str, ...]:
    """Up to three requests the unread turn comes close to, the closest first."""
    clauses = _clauses(turn)
    if any(_refused(turn, clause, frames) for clause in clauses):
        return ()
    profile = turn.profile
    telling: set[str] = set()
    owning: set[str] = set()
    barred: set[str] = set()
    for clause in clauses:
        if any(profile.negates(turn.norms[at]) for at in clause) and not _doubt(
            turn, clause, reread
        ):
            barred.update(
                tool
                for at in clause
                for word in (turn.norms[at], *turn.corrections[at])
                for tool in frames.named.get(word, frozenset()) | frames.forms(word)
            )
            if not _telling(turn, clause, frames):
                barred |= _taking(turn, clause, frames)
        else:
            telling |= _telling(turn, clause, frames)
            owning |= _owning(turn, clause, frames)
    words = set(turn.words())
    words |= {form for said in turn.words() for form in frames.form_words(said)}
    naming = _naming(turn, frames)
    seen: dict[int, Found] = {}
    closest: dict[str, tuple[float, int]] = {}
    candidates = [(word, template) for word in telling for template in frames.telling[word]] + [
        ("", template) for tool in owning for template in frames.templates[tool]
    ]
    for word, template in candidates:
        if template.tool in barred or not naming.get(word, frozenset()) <= set(template.slots):
            continue
        names = frames.names[template]
        filled = {n for n in names if _values(turn, template.slots[n], frames, seen)}
        score = _closeness(template, names, words, filled)
        closest[template.tool] = max(score, closest.get(template.tool, (0.0, 0)))
    ranked = sorted(
        (tool for tool, (share, _) in closest.items() if share >= _CLOSE),
        key=lambda tool: (-closest[tool][0], -closest[tool][1], tool),
    )
    if ranked:
        # A tool that holds far less of the turn than the closest one is noise beside it.
        most = closest[ranked[0]][1]
        ranked = [tool for tool in ranked if closest[tool][1] >= most - 1]
    found: list[str] = []
    for tool in ranked:
        text = _for_tool(tool, turn, frames, reread, seen)
        if text is not None and text not in found:
            found.append(text)
        if len(found) == MAX_SUGGESTIONS:
            break
    return tuple(found)
