"""A vocabulary compiled for one language: flat templates, indexed by a word each must contain."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field

from stalwart_agents.selector._phrases import Element, SlotRef, Word
from stalwart_agents.selector._profile import Profile
from stalwart_agents.selector._slots import MoneySlot, Slot
from stalwart_agents.selector._synonyms import Synonyms
from stalwart_agents.selector._typos import Speller

__all__ = ["Grammar", "Template"]


def _starts(elements: tuple[Element, ...]) -> frozenset[str] | None:
    """The words a template's reading may start with; None when a slot may come first."""
    words: set[str] = set()
    for element in elements:
        if isinstance(element, SlotRef):
            return None
        words.add(element.norm)
        if not element.optional:
            break
    return frozenset(words)


@dataclass(frozen=True, eq=False)
class Template:
    """One flat reading of one phrase of one tool."""

    tool: str
    elements: tuple[Element, ...]
    slots: Mapping[str, Slot]
    # The template's place in the file: earlier templates win exact ties.
    order: int
    # Where its phrase is written, for errors: the line and the key ("tools.x.phrases.en.0").
    line: int | None
    key: str
    phrase: str
    # Which reading of its phrase this is; the first one (0) is the one examples show.
    variant: int
    # Words the turn must contain for this template to match at all.
    required: frozenset[str] = field(init=False)
    # The words a reading of the template may start with (its leading fillers and its first
    # required word), or None when it may start with a slot.
    starts: frozenset[str] | None = field(init=False)
    # Positions of the words that follow a free-text slot.
    after_text: frozenset[int] = field(init=False)
    # Whether a listed slot may hold several values, a call each: not beside an amount, which
    # "charge 40 to orders 1 and 2" leaves unclear (40 each, or 40 shared?).
    lists: bool = field(init=False)
    # One word of its own and slots ("order {order_id}", "find {order_id}").
    bare: bool = field(init=False)

    def __post_init__(self) -> None:
        words = [e.norm for e in self.elements if isinstance(e, Word) and not e.optional]
        object.__setattr__(self, "required", frozenset(words))
        object.__setattr__(self, "starts", _starts(self.elements))
        after_text = {
            at
            for at in range(1, len(self.elements))
            if isinstance(self.elements[at], Word)
            and isinstance(previous := self.elements[at - 1], SlotRef)
            and self.slots[previous.name].free
        }
        object.__setattr__(self, "after_text", frozenset(after_text))
        object.__setattr__(self, "lists", not any(slot.quantity for slot in self.slots.values()))
        object.__setattr__(self, "bare", len(words) == 1 and bool(self.slots))

    @property
    def shape(self) -> tuple[str | None, ...]:
        """What a turn must look like to match: required words in order, None for each slot."""
        return tuple(
            None if isinstance(e, SlotRef) else e.norm
            for e in self.elements
            if isinstance(e, SlotRef) or not e.optional
        )

    def introduced(self, at: int) -> bool:
        """Whether the element at `at` follows a word the phrase requires ("because {reason}",
        "due [to] {reason}"), not another slot with at most fillers between."""
        for previous in reversed(self.elements[:at]):
            if isinstance(previous, SlotRef):
                return False
            if not previous.optional:
                return True
        return False

    @property
    def slot_names(self) -> tuple[str, ...]:
        """The slots in the order the template reads them."""
        return tuple(e.name for e in self.elements if isinstance(e, SlotRef))


def _heads(templates: tuple[Template, ...]) -> frozenset[str]:
    """Words that begin phrases of two tools and stand right before one slot in two tools'."""
    starting: dict[str, set[str]] = {}
    naming: dict[tuple[str, str], set[str]] = {}
    for template in templates:
        elements = template.elements
        required = [e for e in elements if isinstance(e, Word) and not e.optional]
        if required:
            starting.setdefault(required[0].norm, set()).add(template.tool)
        for word, slot in itertools.pairwise(elements):
            if isinstance(word, Word) and isinstance(slot, SlotRef):
                naming.setdefault((word.norm, slot.name), set()).add(template.tool)
    return frozenset(
        word
        for (word, _), tools in naming.items()
        if len(tools) > 1 and len(starting.get(word, ())) > 1
    )


def _nouns(templates: tuple[Template, ...]) -> set[str]:
    """Words that name a thing: after an article a phrase wrote ("the receipt", "o recibo"),
    and never a verb that opens a phrase right before its slot ("charge {amount}")."""
    after_article: set[str] = set()
    verbs: set[str] = set()
    for template in templates:
        first = template.elements[0]
        required = [e for e in template.elements if not isinstance(e, Word) or not e.optional]
        opens = isinstance(first, Word) and not first.optional and len(required) > 1
        if opens and isinstance(required[1], SlotRef) and isinstance(first, Word):
            verbs.add(first.norm)
        for before, word in itertools.pairwise(template.elements):
            if isinstance(before, Word) and before.optional and isinstance(word, Word):
                after_article.add(word.norm)
    return {word for word in after_article - verbs if word.isalpha()}


def _labels(templates: tuple[Template, ...]) -> dict[str, frozenset[str]]:
    """Each tool's words that stand right before a free-text slot in one of its phrases."""
    labels: dict[str, set[str]] = {}
    for template in templates:
        for word, slot in itertools.pairwise(template.elements):
            if (
                isinstance(word, Word)
                and isinstance(slot, SlotRef)
                and template.slots[slot.name].free
            ):
                labels.setdefault(template.tool, set()).add(word.norm)
    return {tool: frozenset(words) for tool, words in labels.items()}


def _fields(templates: tuple[Template, ...], common: frozenset[str]) -> dict[str, dict[str, str]]:
    """Each tool's words that only ever label one free-text slot ("subject", "assunto"), none
    of them a word of the language's own (`common`), and the slot each labels."""
    named: dict[str, dict[str, set[str]]] = {}
    elsewhere: set[tuple[str, str]] = set()
    for template in templates:
        elements = template.elements
        for at, word in enumerate(elements):
            if not isinstance(word, Word):
                continue
            following = elements[at + 1] if at + 1 < len(elements) else None
            if isinstance(following, SlotRef) and template.slots[following.name].free:
                named.setdefault(template.tool, {}).setdefault(word.norm, set()).add(following.name)
            else:
                elsewhere.add((template.tool, word.norm))
    return {
        tool: {
            word: next(iter(slots))
            for word, slots in labels.items()
            if len(slots) == 1 and (tool, word) not in elsewhere and word not in common
        }
        for tool, labels in named.items()
    }


def _leads(templates: tuple[Template, ...]) -> dict[str, frozenset[str]]:
    """Each tool's free-text slots that one of its phrases follows with another ("subject",
    then "body"): where such a field ends, the next may begin."""
    leads: dict[str, set[str]] = {}
    for template in templates:
        free = [name for name in template.slot_names if template.slots[name].free]
        leads.setdefault(template.tool, set()).update(free[:-1])
    return {tool: frozenset(names) for tool, names in leads.items() if names}


def _own_words(templates: tuple[Template, ...]) -> dict[str, frozenset[str]]:
    """Each tool's required words ("send", "escreve", "saying")."""
    own: dict[str, set[str]] = {}
    for template in templates:
        own.setdefault(template.tool, set()).update(template.required)
    return {tool: frozenset(words) for tool, words in own.items()}


@dataclass(frozen=True)
class Grammar:
    """Everything the matcher needs for one language."""

    profile: Profile
    templates: tuple[Template, ...]
    fillers: frozenset[str]
    joiners: frozenset[str]
    # Other words for the phrases' words, read as them ("axe" as "cancel", "dig up" as "find").
    synonyms: Synonyms = field(default_factory=dict)
    # A required word of each template -> the templates it keys, in file order.
    index: Mapping[str, tuple[Template, ...]] = field(init=False)
    # Corrects one-edit typos of the templates' words.
    speller: Speller = field(init=False)
    # Words that begin phrases of two tools or more and stand right before the same slot in
    # phrases of two tools or more ("order", "pedido"; never a verb such as "find" or "cancel"):
    # they name a thing, so a bare call of one ("pedido 4411") is a fronted object that the
    # call after it takes, with a mark between or none ("pedido 4411 cobrar 40").
    heads: frozenset[str] = field(init=False)
    # Each tool's words that stand right before one of its free-text slots ("subject",
    # "saying"): typed with a colon ("message:"), they label a field, so none of the tool's
    # free text may run over them.
    labels: Mapping[str, frozenset[str]] = field(init=False)
    # Every word the phrases write: a clause of other words says something of its own.
    words: frozenset[str] = field(init=False)
    # Each tool's free-text slots another may follow ("subject" before "body"), and its own
    # required words: such a field never runs over a comma, nor over a joiner and a word of its
    # tool ("assunto Ovos e escreve ..."), into what may be the next field.
    leads: Mapping[str, frozenset[str]] = field(init=False)
    own_words: Mapping[str, frozenset[str]] = field(init=False)
    # Each tool's words that only label one free-text field, and that field ("subject":
    # "subject"): after a comma another field's text never runs over one ("saying it ships,
    # subject Delivery").
    fields: Mapping[str, Mapping[str, str]] = field(init=False)

    def __post_init__(self) -> None:
        # Key each template by its rarest required word, so a turn pulls in few candidates.
        counts = Counter(word for template in self.templates for word in template.required)
        index: dict[str, list[Template]] = {}
        for template in self.templates:
            key = min(template.required, key=lambda word: (counts[word], word))
            index.setdefault(key, []).append(template)
        object.__setattr__(self, "index", {k: tuple(v) for k, v in index.items()})
        object.__setattr__(self, "heads", _heads(self.templates))
        object.__setattr__(self, "labels", _labels(self.templates))
        object.__setattr__(self, "leads", _leads(self.templates))
        object.__setattr__(self, "own_words", _own_words(self.templates))
        words = {e.norm for t in self.templates for e in t.elements if isinstance(e, Word)}
        object.__setattr__(self, "words", frozenset(words))
        profile = self.profile
        common = self.fillers | profile.fillers | profile.sources | profile.hedges
        object.__setattr__(self, "fields", _fields(self.templates, common))
        currencies = {
            word
            for template in self.templates
            for slot in template.slots.values()
            if isinstance(slot, MoneySlot)
            for word in slot.marks(profile)[1]
        }
        known = (
            self.fillers | self.joiners | profile.negations | profile.currency_after | profile.cents
        ).union(currencies, (words[0] for words in self.synonyms if len(words) == 1))
        # A typo of a long filler ("pleasee", "obrigdo") is skipped like the filler.
        nouns = _nouns(self.templates) - known
        object.__setattr__(self, "speller", Speller(words | self.fillers, known, nouns))

    def candidates(self, words: frozenset[str]) -> list[Template]:
        """The templates whose every required word is among the turn's, in file order."""
        found = [
            template
            for word in words
            for template in self.index.get(word, ())
            if template.required <= words
        ]
        found.sort(key=lambda template: template.order)
        return found

    def fronts(self, template: Template) -> bool:
        """Whether the template is a bare head and its slot ("pedido {order_id}")."""
        return template.bare and template.required <= self.heads
