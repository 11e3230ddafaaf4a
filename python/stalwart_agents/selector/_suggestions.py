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
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Final

from stalwart_agents.selector._bare import facts_of, identifies
from stalwart_agents.selector._currencies import marked
from stalwart_agents.selector._dates import day_positions
from stalwart_agents.selector._doubts import owned
from stalwart_agents.selector._grammar import Grammar, Template
from stalwart_agents.selector._phrases import SlotRef, Word
from stalwart_agents.selector._plain_amounts import Roles, priced_head, told
from stalwart_agents.selector._slots import IdentifierSlot, MoneySlot, Slot, TextSlot
from stalwart_agents.selector._text import Kind
from stalwart_agents.selector._turn import TokenizedTurn

__all__ = ["MAX_SUGGESTIONS", "Frames", "suggest"]

MAX_SUGGESTIONS: Final = 3
# A word that three tools or more require tells nothing of which one is meant ("order").
_TELLING: Final = 2
# A word this long or longer has a stem: its first `_STEM` letters, shared by its forms.
_STEMMED: Final = 5
_STEM: Final = 4
# How much of a phrase (its required words and its slots) a turn must hold to come close to it.
_CLOSE: Final = 0.6
# Renderings tried per tool, so an unread turn stays as quick to answer as a read one.
_TRIES: Final = 6
# A number written with cents or more decimals ("27.50", "58,90", "27.505"): never an order's
# number.
_FRACTION: Final = re.compile(r"\d+[.,]\d{2,}")

# What a rendered suggestion reads as: one call, its tool and its values.
Reread = Callable[[str], Sequence[tuple[str, dict[str, Any]]]]


@dataclass(frozen=True)
class Frames:
    """What each tool's phrases require, worked out once per grammar."""

    # A word few tools require -> the templates that require it, in file order.
    telling: dict[str, tuple[Template, ...]]
    # A tool -> its templates, those with the most slots first, then in file order.
    templates: dict[str, tuple[Template, ...]]
    # Each template's slots, in the order it reads them.
    names: dict[Template, tuple[str, ...]] = field(default_factory=dict)
    # The tool a thing's name reads on its own ("order {order_id}": find_order), if one does.
    reader: str | None = None
    # A word that is not plain nor a thing's name ("order") -> the tools that require it: a
    # negated clause holding it bars them all.
    named: dict[str, frozenset[str]] = field(default_factory=dict)
    # The first four letters of each tool's words of five letters or more -> those tools: a
    # word that begins so may be a form of one ("cobrou", "cobrar").
    stems: dict[str, frozenset[str]] = field(default_factory=dict)
    # The identifier slots with a pattern ("ch-..."): what one reads, no plain identifier takes.
    patterned: tuple[IdentifierSlot, ...] = ()
    # Each pattern's slots and the tools that take them: a value only one tool takes names it.
    owners: tuple[tuple[tuple[IdentifierSlot, ...], frozenset[str]], ...] = ()
    # The amount slots, one per currency: a number any of them marks ("20 dólares") is money.
    amounts: tuple[MoneySlot, ...] = ()
    # A word that opens a tool's phrase ("cancel", "estorna", "inbox") -> those tools: the act a
    # clause names, as against a word a phrase holds in passing ("her", "cliente", "again").
    acts: dict[str, frozenset[str]] = field(default_factory=dict)

    # The first four letters of each opening word of five letters or more: a word that begins
    # so may be a form of the act ("charged", "cobrou").
    act_stems: frozenset[str] = frozenset()
    # The words that name a thing ("order", "pedido"): never a form of an act ("pedir").
    heads: frozenset[str] = frozenset()
    # The words the reader's phrases say of a thing right beside it ("paid", "total", "foi"):
    # a number they govern is the thing, even one that could be a year.
    facts: frozenset[str] = frozenset()
    # The words phrases of no slot require ("inbox", "emails"): a turn holding none cannot read
    # as a call of no argument, whoever it names as a sender.
    unslotted: frozenset[str] = frozenset()
    # The noun before an order's number in a phrase that charges it ("order"): a bare order
    # beside an amount is read again with it.
    priced: str | None = None

    @property
    def opening(self) -> frozenset[str]:
        """Every word that opens a phrase: a story clause holding one asks for an act."""
        return frozenset(self.acts)

    def acted(self, word: str) -> bool:
        """Whether the word may be a form of an act ("charged" of "charge")."""
        stemmed = len(word) >= _STEMMED and word.isalpha() and word not in self.heads
        return stemmed and word[:_STEM] in self.act_stems

    def acting(self, word: str) -> bool:
        """Whether the word opens a phrase or may be a form of one that does ("cancelling")."""
        return word in self.acts or bool(self.forms(word))

    def forms(self, word: str) -> frozenset[str]:
        """The tools whose act the word may be a form of ("cancelled" and "cancelado" of
        "cancel" and "cancela"), by the opening words that share its stem."""
        if not self.acted(word):
            return frozenset()
        return self._forms.get(word[:_STEM], frozenset())

    def form_words(self, word: str) -> frozenset[str]:
        """The opening words the word may be a form of ("cancelasse" of "cancela", "cancelar")."""
        if not self.acted(word):
            return frozenset()
        return self._form_words.get(word[:_STEM], frozenset())

    @cached_property
    def _form_words(self) -> dict[str, frozenset[str]]:
        found: dict[str, frozenset[str]] = {}
        for word in self.acts:
            if len(word) >= _STEMMED and word.isalpha():
                found[word[:_STEM]] = found.get(word[:_STEM], frozenset()) | {word}
        return found

    @cached_property
    def _forms(self) -> dict[str, frozenset[str]]:
        found: dict[str, frozenset[str]] = {}
        for word, tools in self.acts.items():
            if len(word) >= _STEMMED and word.isalpha():
                found[word[:_STEM]] = found.get(word[:_STEM], frozenset()) | tools
        return found

    @property
    def valueless(self) -> frozenset[str]:
        """The tools no phrase of which takes a value ("read the inbox"): a thing's name
        ("order", "pedido") is never their object."""
        return frozenset(
            tool for tool, found in self.templates.items() if not any(t.slots for t in found)
        )

    @property
    def words(self) -> frozenset[str]:
        """Every telling word: a clause holding one names a tool."""
        return frozenset(self.telling)

    @classmethod
    def build(cls, grammar: Grammar) -> Frames:
        """Index the grammar's templates by the telling words they require."""
        tools_of: dict[str, set[str]] = {}
        templates: dict[str, list[Template]] = {}
        for template in grammar.templates:
            templates.setdefault(template.tool, []).append(template)
            for word in template.required:
                tools_of.setdefault(word, set()).add(template.tool)
        plain = grammar.profile.fillers | grammar.fillers
        templates_of = Counter(word for template in grammar.templates for word in template.required)

        def rarity(word: str) -> tuple[int, int, str]:
            return (len(tools_of[word]), templates_of[word], word)

        # Each template under its most telling word: the one fewest tools, then fewest
        # templates, require; a template with none (only plain words) is never suggested.
        telling: dict[str, list[Template]] = {}
        for template in grammar.templates:
            words = [word for word in template.required if word not in plain]
            if words:
                word = min(words, key=rarity)
                if len(tools_of[word]) <= _TELLING:
                    telling.setdefault(word, []).append(template)
        patterns = tuple(
            {
                id(slot): slot
                for template in grammar.templates
                for slot in template.slots.values()
                if isinstance(slot, IdentifierSlot) and slot.pattern is not None
            }.values()
        )
        owners: dict[str, tuple[tuple[IdentifierSlot, ...], frozenset[str]]] = {}
        for template in grammar.templates:
            for slot in template.slots.values():
                if isinstance(slot, IdentifierSlot) and slot.pattern is not None:
                    slots, tools = owners.get(slot.pattern.pattern, ((), frozenset()))
                    owners[slot.pattern.pattern] = (
                        slots if slot in slots else (*slots, slot),
                        tools | {template.tool},
                    )
        amounts = {
            slot.currency: slot
            for template in grammar.templates
            for slot in template.slots.values()
            if isinstance(slot, MoneySlot)
        }
        return cls(
            telling={word: tuple(found) for word, found in telling.items()},
            templates={
                tool: tuple(sorted(found, key=lambda t: (-len(t.slot_names), t.order)))
                for tool, found in templates.items()
            },
            names={template: template.slot_names for template in grammar.templates},
            reader=(reader := _reader(grammar)),
            facts=facts_of(grammar, reader),
            unslotted=frozenset(
                word for t in grammar.templates if not t.slots for word in t.required
            )
            - plain,
            patterned=patterns,
            owners=tuple(owners.values()),
            amounts=(MoneySlot(name=""), *amounts.values()),
            stems=_stems(tools_of, plain),
            named={
                word: frozenset(tools)
                for word, tools in tools_of.items()
                if word not in plain and word not in grammar.heads
            },
            acts=(acts := _acts(grammar, plain)),
            act_stems=frozenset(_stems({word: set() for word in acts}, plain)),
            heads=grammar.heads,
            priced=priced_head(grammar),
        )


def _acts(grammar: Grammar, plain: frozenset[str]) -> dict[str, frozenset[str]]:
    """Each word that opens a phrase, but a plain word or a thing's name ("order")."""
    acts: dict[str, set[str]] = {}
    for template in grammar.templates:
        first = next((e for e in template.elements if isinstance(e, Word) and not e.optional), None)
        if first is not None and first.norm not in plain and first.norm not in grammar.heads:
            acts.setdefault(first.norm, set()).add(template.tool)
    return {word: frozenset(tools) for word, tools in acts.items()}


def _reader(grammar: Grammar) -> str | None:
    heads = grammar.heads
    readers = {t.tool for t in grammar.templates if t.bare and t.required <= heads}
    return next(iter(readers)) if len(readers) == 1 else None


def _stems(tools_of: dict[str, set[str]], plain: frozenset[str]) -> dict[str, frozenset[str]]:
    stems: dict[str, set[str]] = {}
    for word, tools in tools_of.items():
        if len(word) >= _STEMMED and word.isalpha() and word not in plain:
            stems.setdefault(word[:_STEM], set()).update(tools)
    return {stem: frozenset(tools) for stem, tools in stems.items()}


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
        next(iter(tools))
        for slots, tools in frames.owners
        if len(tools) == 1
        for at in clause
        if any(slot.read(turn, at) for slot in slots)
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
    return {
        tool
        for tool, templates in frames.templates.items()
        for template in templates
        for slot in template.slots.values()
        if isinstance(slot, IdentifierSlot)
        for at in clause
        if identifies(turn.norms[at]) and slot.read(turn, at)
    }


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
