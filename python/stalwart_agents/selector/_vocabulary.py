"""Vocabulary files: what an agent's turns may say, per tool and per language.

The file, in YAML (`examples/shop/vocabulary.yaml` is a full one)::

    settings:
      language: en              # optional: the language turns are read in when nothing else chooses
    joiners:                    # optional: words that join two calls in one turn
      en: [and, then, "and then"]
      pt-BR: [e, depois, "e depois", então]
    fillers:                    # optional: more words a turn may add anywhere ("kindly")
      en: [kindly]
    synonyms:                   # optional: other words for the phrases' words, read as them
      en: {cancel: [axe, call off], order: [purchase]}
      pt-BR: {cancelar: [matar], pedido: [compra]}   # "matar" reads "mata" and "mate" too
    tools:
      charge_card:              # a tool of the agent
        slots:                  # each slot is an argument of the tool, with its type
          amount: money
          order_id: {type: identifier, example: "4411"}
        phrases:                # per language; {slot} reads an argument
          en:
            - charge {amount} to order {order_id}
            - (bill | charge) order {order_id} [for] {amount}
          pt-BR:
            - cobrar {amount} do pedido {order_id}
        examples:               # optional: the "Try it" sentences; generated from phrases otherwise
          en: [charge 40 to order 4411]

Slot types: `number`, `money`, `identifier` (kept as typed, a string; by default it holds a
digit, or give `pattern:` a regular expression; `after:` names, per language, the words right
after which a word the vocabulary never uses is read as the id too, as "order abc"), `text`
(free words; `note: true` for a short note, as a reason, that ends before a mark typed after
it, where a message keeps its marks), `one_of` (with `values:`, each naming its words per
language) and `date` (an ISO date string). A slot's `example:` is the value the generated
examples show, once or per language.

Phrase syntax: `[optional words]`, `[one | another]`, `(one | another)`; groups nest. Words of
the language's filler list ("the", "to", "do", "por favor") are optional in a phrase, and a turn
may add them anywhere; `+on` makes a filler required in that phrase. An identifier may be typed
as a list ("orders 1 and 2"), one call each, unless the call also takes an amount or a count.
In YAML, quote a phrase that starts with `{` or `[`, and any phrase or example written inside a
`[...]` list that holds braces or commas ("cobrar 40,00 ...").

The file is refused at load, naming file, line and key, for: bad YAML; an unknown key; a tool the
agent does not have; a slot that is not one of the tool's arguments; a phrase using an undeclared
slot; a language other than en or pt-BR; a filler that is a negation or a number; two phrases
with the same words and slots in the same places that read into different plans; an example that
does not read back as its own tool; a synonym that is a word a phrase writes, a filler, a
negation or a word of supposition or report.
"""

from __future__ import annotations

import datetime as dt
import itertools
import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from pydantic import ValidationError
from pydantic_core import ErrorDetails

from stalwart_agents.selector._conflicts import check_conflicts
from stalwart_agents.selector._errors import VocabularyError
from stalwart_agents.selector._examples import examples_for, misreading
from stalwart_agents.selector._grammar import Grammar, Template
from stalwart_agents.selector._languages import PROFILES
from stalwart_agents.selector._numbers import read_number
from stalwart_agents.selector._phrases import PhraseError, SlotRef, Word, expand
from stalwart_agents.selector._slots import (
    SLOT_TYPES,
    IdentifierSlot,
    MoneySlot,
    OneOfSlot,
    Slot,
    TextSlot,
)
from stalwart_agents.selector._synonyms import SynonymError, build_synonyms
from stalwart_agents.selector._text import tokenize
from stalwart_agents.selector._unreached import unreached, unreached_warning, warn_unreached
from stalwart_agents.selector._vocabulary_file import SlotSpec, Source, ToolSpec, VocabularyFile
from stalwart_agents.selector._yaml import Path as KeyPath
from stalwart_agents.selector._yaml import YamlError, load_with_lines

__all__ = ["Vocabulary", "declared_slots"]


@dataclass(frozen=True)
class Vocabulary:
    """A loaded, checked vocabulary: one compiled grammar per language, and the tools' examples."""

    path: Path
    # The file's settings.language, already checked; None when the file sets none.
    language: str | None
    grammars: Mapping[str, Grammar]
    # tool -> language -> the "Try it" sentences the file wrote; others are generated.
    written_examples: Mapping[str, Mapping[str, tuple[str, ...]]]
    # (tool, language) pairs no phrase reads, an undo aside: no turn there can plan the tool.
    unreached: tuple[tuple[str, str], ...] = ()

    def unreached_warnings(self) -> list[str]:
        """Each tool and language no phrase reads, as `stalwart check` and the log say it."""
        return [unreached_warning(self.path, tool, tag) for tool, tag in self.unreached]

    @property
    def tools(self) -> tuple[str, ...]:
        """The tools this vocabulary reads, in file order."""
        templates = [t for grammar in self.grammars.values() for t in grammar.templates]
        templates.sort(key=lambda template: template.order)
        return tuple(dict.fromkeys(template.tool for template in templates))

    @classmethod
    def load(
        cls,
        path: Path,
        tools: Mapping[str, Sequence[str]],
        undos: Collection[str] = (),
        currencies: Mapping[str, Mapping[str, str]] | None = None,
        *,
        warn: bool = True,
    ) -> Vocabulary:
        """Read and check a vocabulary file against the agent's tools and their arguments.

        Args:
            path: the YAML file.
            tools: each tool of the agent -> the names of its arguments.
            undos: the tools that undo another; one with no phrase is not warned of.
            currencies: each tool -> its arguments that are money -> their currency (agent.yaml's
                `currency:`), whose marks a money slot reads besides the language's own.
            warn: log each tool and language no phrase reads, once a process; `stalwart check`
                says them itself.

        Raises:
            VocabularyError: the file cannot be used; the message names file, line and key.
        """
        path = Path(path)
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise VocabularyError(path, None, None, f"cannot be read: {error}") from None
        try:
            raw, lines = load_with_lines(text)
        except YamlError as error:
            problem = str(error)
            # The line YAML stopped at: an unquoted {slot} in a [...] list reads as a mapping.
            at = text.splitlines()[error.line - 1 : error.line]
            if any("[" in line and "{" in line for line in at):
                problem += " (a phrase with {slots} inside a [...] list needs quotes)"
            raise VocabularyError(path, error.line, None, problem) from None
        source = Source(path, lines)
        if not isinstance(raw, dict):
            raise source.error((), "a vocabulary file is a mapping with a `tools:` key")
        try:
            spec = VocabularyFile.model_validate(raw)
        except ValidationError as error:
            # An unknown key first: a typo ("phrase:") also explains the key it leaves missing.
            first = min(error.errors(), key=lambda e: e["type"] != "extra_forbidden")
            raise source.error(tuple(first["loc"]), _describe(first)) from None
        vocabulary = _compile(source, spec, tools, frozenset(undos), currencies or {})
        _check_examples(source, vocabulary, dt.date.today())
        if warn:
            warn_unreached(vocabulary.path, vocabulary.unreached)
        return vocabulary


def declared_slots(path: Path) -> dict[tuple[str, str], int | None]:
    """Each (tool, slot) a vocabulary file declares, with its line; none if it cannot be read.

    The agent file checks these against the arguments its context provides before anything
    loads the vocabulary: a slot must never let a turn type the signed-in customer or card.
    """
    try:
        raw, lines = load_with_lines(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, YamlError):
        return {}
    tools = raw.get("tools") if isinstance(raw, dict) else None
    found: dict[tuple[str, str], int | None] = {}
    for tool, spec in (tools or {}).items() if isinstance(tools, dict) else ():
        slots = spec.get("slots") if isinstance(spec, dict) else None
        for slot in slots if isinstance(slots, dict) else ():
            found[(str(tool), str(slot))] = lines.get(("tools", tool, "slots", slot))
    return found


def _describe(error: ErrorDetails) -> str:
    kind = error["type"]
    if kind == "extra_forbidden":
        return "is not a key of a vocabulary file here (a typo?)"
    if kind == "missing":
        return "is required"
    return str(error["msg"])


def _compile(
    source: Source,
    spec: VocabularyFile,
    tools: Mapping[str, Sequence[str]],
    undos: frozenset[str],
    currencies: Mapping[str, Mapping[str, str]],
) -> Vocabulary:
    language = None
    if spec.settings.language is not None:
        language = source.language(("settings", "language"), spec.settings.language)
    joiners = _per_language(source, ("joiners",), spec.joiners)
    fillers = _per_language(source, ("fillers",), spec.fillers)
    _check_fillers(source, fillers)
    used = _words([p for tool in spec.tools.values() for ps in tool.phrases.values() for p in ps])
    slots = {
        name: _slots(source, name, tool, tools, used, currencies.get(name, {}))
        for name, tool in spec.tools.items()
    }
    templates: dict[str, list[Template]] = {tag: [] for tag in PROFILES}
    written: dict[str, dict[str, tuple[str, ...]]] = {}
    order = 0
    for tool_name, tool in spec.tools.items():
        for tag, phrases in tool.phrases.items():
            key = ("tools", tool_name, "phrases", tag)
            language_tag = source.language(key, tag)
            profile = PROFILES[language_tag]
            filler_words = profile.fillers | fillers.get(language_tag, frozenset())
            for index, phrase in enumerate(phrases):
                at = (*key, index)
                variants = _expand(source, at, phrase, filler_words)
                for variant, elements in enumerate(variants):
                    _check_slots(source, at, elements, slots[tool_name], tool_name)
                    templates[language_tag].append(
                        Template(
                            tool=tool_name,
                            elements=elements,
                            slots=slots[tool_name],
                            order=order,
                            line=source.lines.get(at),
                            key=".".join(str(k) for k in at),
                            phrase=phrase,
                            variant=variant,
                        )
                    )
                    order += 1
        for tag, sentences in tool.examples.items():
            key = ("tools", tool_name, "examples", tag)
            written.setdefault(tool_name, {})[source.language(key, tag)] = tuple(sentences)
    missing = unreached([tool for tool in tools if tool not in undos], templates)
    synonyms = {
        source.language(("synonyms", tag), tag): words for tag, words in spec.synonyms.items()
    }
    grammars: dict[str, Grammar] = {}
    for tag, profile in PROFILES.items():
        check_conflicts(source.path, templates[tag])
        filler_words = profile.fillers | fillers.get(tag, frozenset())
        grammars[tag] = Grammar(
            profile=profile,
            templates=tuple(templates[tag]),
            fillers=filler_words,
            joiners=joiners.get(tag, _words(profile.joiners)),
            synonyms=_synonyms(source, tag, synonyms.get(tag, {}), templates[tag], filler_words),
        )
    return Vocabulary(source.path, language, grammars, written, missing)


def _synonyms(
    source: Source,
    tag: str,
    by_word: Mapping[str, Sequence[str]],
    templates: Sequence[Template],
    fillers: frozenset[str],
) -> dict[tuple[str, ...], str]:
    """One language's synonyms, refused where one would change what a phrase reads."""
    if not by_word:
        return {}
    written = frozenset(e.norm for t in templates for e in t.elements if isinstance(e, Word))
    pairs = frozenset(
        (a.norm, b.norm)
        for t in templates
        for a, b in itertools.pairwise(t.elements)
        if isinstance(a, Word) and isinstance(b, Word)
    )
    try:
        return build_synonyms(PROFILES[tag], by_word, written, pairs, fillers)
    except SynonymError as error:
        raise source.error(("synonyms", tag, error.word), str(error)) from None


def _words(phrases: Sequence[str]) -> frozenset[str]:
    return frozenset(token.norm for phrase in phrases for token in tokenize(phrase))


def _check_fillers(source: Source, fillers: Mapping[str, frozenset[str]]) -> None:
    """A filler is skipped anywhere, so a negation or a number must never be one."""
    for tag, words in fillers.items():
        profile = PROFILES[tag]
        for word in sorted(words):
            number = any(ch.isdigit() for ch in word) or read_number(tokenize(word), 0, profile)
            if profile.negates(word) or number:
                kind = "a negation" if profile.negates(word) else "a number"
                raise source.error(
                    ("fillers", tag),
                    f"{word!r} is {kind}: a filler is skipped anywhere, and {kind} changes what "
                    "a turn means.",
                )


def _per_language(
    source: Source, key: KeyPath, by_language: Mapping[str, Sequence[str]]
) -> dict[str, frozenset[str]]:
    return {source.language((*key, tag), tag): _words(words) for tag, words in by_language.items()}


def _expand(
    source: Source, key: KeyPath, phrase: str, fillers: frozenset[str]
) -> list[tuple[Word | SlotRef, ...]]:
    try:
        return list(expand(phrase, fillers))
    except PhraseError as error:
        raise source.error(key, f"the phrase {phrase!r} cannot be used: {error}.") from None


def _slots(
    source: Source,
    tool_name: str,
    tool: ToolSpec,
    tools: Mapping[str, Sequence[str]],
    used: frozenset[str],
    currencies: Mapping[str, str],
) -> dict[str, Slot]:
    if tool_name not in tools:
        known = ", ".join(sorted(tools)) or "none"
        raise source.error(
            ("tools", tool_name), f"the agent has no tool {tool_name!r} (its tools: {known})."
        )
    arguments = list(tools[tool_name])
    built: dict[str, Slot] = {}
    for name, slot in tool.slots.items():
        key = ("tools", tool_name, "slots", name)
        if name not in arguments:
            known = ", ".join(arguments) or "none"
            raise source.error(
                key,
                f"the slot {name!r} matches no argument of {tool_name} (its arguments: {known}).",
            )
        built[name] = _slot(source, key, name, slot, used, currencies.get(name))
    return built


def _slot(
    source: Source,
    key: KeyPath,
    name: str,
    spec: SlotSpec,
    used: frozenset[str],
    currency: str | None,
) -> Slot:
    if spec.pattern is not None and spec.type != "identifier":
        raise source.error((*key, "pattern"), "only an identifier slot takes a pattern.")
    if spec.after is not None and (spec.type != "identifier" or spec.pattern is not None):
        raise source.error((*key, "after"), "only an identifier slot without a pattern takes it.")
    if (spec.values is not None) != (spec.type == "one_of"):
        raise source.error(key, "a one_of slot needs `values:`, and only a one_of slot takes them.")
    if isinstance(spec.example, Mapping):
        for tag in spec.example:
            source.language((*key, "example", tag), tag)
    if spec.type == "identifier" and spec.pattern is not None:
        try:
            pattern = re.compile(spec.pattern)
        except re.error as error:
            raise source.error(
                (*key, "pattern"), f"the pattern is not a regular expression: {error}."
            ) from None
        return IdentifierSlot(name=name, example=spec.example, pattern=pattern)
    if spec.type == "one_of":
        values: dict[str, dict[str, list[str]]] = {}
        for value, by_language in (spec.values or {}).items():
            values[value] = {
                source.language((*key, "values", value, tag), tag): words
                for tag, words in by_language.items()
            }
        return OneOfSlot.build(name, values, spec.example)
    if spec.after is not None:
        after = _per_language(source, (*key, "after"), spec.after)
        words = frozenset(word for group in after.values() for word in group)
        return IdentifierSlot(name=name, example=spec.example, after=words, known=used)
    if spec.type == "money":
        return MoneySlot(name=name, example=spec.example, currency=currency)
    return _plain_slot(source, key, name, spec)


def _plain_slot(source: Source, key: KeyPath, name: str, spec: SlotSpec) -> Slot:
    """A slot of a type that takes no setting but its example, or a text slot that is a note."""
    if spec.type == "text":
        return TextSlot(name=name, example=spec.example, note=spec.note)
    if spec.note:
        raise source.error((*key, "note"), "only a text slot is a note.")
    return SLOT_TYPES[spec.type](name=name, example=spec.example)


def _check_slots(
    source: Source,
    key: KeyPath,
    elements: tuple[Word | SlotRef, ...],
    slots: Mapping[str, Slot],
    tool_name: str,
) -> None:
    for element in elements:
        if isinstance(element, SlotRef) and element.name not in slots:
            raise source.error(
                key,
                f"the phrase uses {{{element.name}}}, which is not among the slots of "
                f"{tool_name}; declare it under `slots:` with its type.",
            )


def _check_examples(source: Source, vocabulary: Vocabulary, today: dt.date) -> None:
    """Every example must read back as its own tool, which also proves each phrase can match."""
    for tag, grammar in vocabulary.grammars.items():
        for example in examples_for(grammar, vocabulary.written_examples, today):
            problem = misreading(example, grammar, today)
            if problem is None:
                continue
            if example.template is None:
                raise source.error(
                    ("tools", example.tool, "examples", tag, example.index),
                    f"the example {example.text!r} reads as {problem}, not as {example.tool}.",
                )
            raise VocabularyError(
                source.path,
                example.template.line,
                example.template.key,
                f"the example {example.text!r} made from this phrase reads as {problem}, not as "
                f"{example.tool} with the phrase's slots; give those slots an `example:` that "
                "reads, or reword the phrase.",
            )
