"""What each tool's phrases require, worked out once per grammar: the words that tell a tool
apart, the words that open its phrases and their forms, and the things' names and values; the
reader and "did you mean" both ask it which tool a word or a value points to."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property
from typing import Final

from stalwart_agents.selector._bare import facts_of
from stalwart_agents.selector._grammar import Grammar, Template
from stalwart_agents.selector._phrases import Word
from stalwart_agents.selector._plain_amounts import priced_head
from stalwart_agents.selector._slots import IdentifierSlot, MoneySlot
from stalwart_agents.selector._turn import TokenizedTurn

__all__ = ["Frames"]

# A word that three tools or more require tells nothing of which one is meant ("order").
_TELLING: Final = 2
# A word this long or longer has a stem: its first `_STEM` letters, shared by its forms.
_STEMMED: Final = 5
_STEM: Final = 4


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
    # Each tool's identifier slots, once each: which tools take a value typed in a turn.
    identifiers: tuple[tuple[IdentifierSlot, str], ...] = ()
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

    def takers(self, turn: TokenizedTurn, at: int, patterned: bool = False) -> frozenset[str]:
        """The tools whose identifier slots read the value at `at` (with `patterned`, only slots
        of a pattern, as "ch-9012" is the refund's)."""
        return frozenset(
            tool
            for slot, tool in self.identifiers
            if (slot.pattern is not None or not patterned) and slot.read(turn, at)
        )

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
        identifiers = {
            (id(slot), template.tool): (slot, template.tool)
            for template in grammar.templates
            for slot in template.slots.values()
            if isinstance(slot, IdentifierSlot)
        }
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
            identifiers=tuple(identifiers.values()),
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
