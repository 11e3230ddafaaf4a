"""The spec's data as typed records, read and checked from spec/*.yaml."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from codegen.errors import SpecError
from codegen.node import Node, load_yaml
from codegen.openapi import OPENAPI_FILE, Api, read_api

STRINGS_FILE = "spec/strings.yaml"
THEME_FILE = "spec/theme.yaml"
ELEMENTS_FILE = "spec/elements.yaml"
CLI_FILE = "spec/cli.yaml"

_ELEMENT_KEYS = (
    "class",
    "summary",
    "description",
    "attributes",
    "properties",
    "events",
    "parts",
    "slots",
)
_PLACEHOLDER = re.compile(r"\{([^{}]*)\}")
_TAG = re.compile(r"^stalwart-[a-z][a-z0-9-]*$")
_IDENTIFIER = re.compile(r"^[A-Za-z_$][A-Za-z0-9_$]*$")
# Characters that would break out of a CSS declaration or of the JS template literal holding it.
_UNSAFE_CSS = re.compile(r"[;{}`\\]|\$\{|/\*")


@dataclass(frozen=True)
class Text:
    """One interface string, shipped in English and in Brazilian Portuguese."""

    key: str
    en: str
    pt_br: str
    where: str


@dataclass(frozen=True)
class ThemeProperty:
    """One CSS custom property with its light and dark defaults."""

    name: str
    light: str
    dark: str
    styles: str


@dataclass(frozen=True)
class Member:
    """An attribute, property, event, part or slot of an element."""

    name: str
    description: str
    type: str | None = None


@dataclass(frozen=True)
class Element:
    """One custom element and its public surface."""

    tag: str
    class_name: str
    summary: str
    description: str
    attributes: tuple[Member, ...]
    properties: tuple[Member, ...]
    events: tuple[Member, ...]
    parts: tuple[Member, ...]
    slots: tuple[Member, ...]

    @property
    def short(self) -> str:
        """The tag without its prefix, which names the element's folder in the JS package."""
        return self.tag.removeprefix("stalwart-")


@dataclass(frozen=True)
class Argument:
    """A positional argument of the command."""

    name: str
    help: str


@dataclass(frozen=True)
class Option:
    """One option of the command."""

    name: str
    type: str
    default: str | None
    env: str | None
    metavar: str | None
    does: str
    help: str

    @property
    def flag(self) -> bool:
        """A flag takes no value: present means on."""
        return self.type == "flag"


@dataclass(frozen=True)
class Command:
    """The `stalwart serve` command line."""

    command: str
    summary: str
    arguments: tuple[Argument, ...]
    options: tuple[Option, ...]


@dataclass(frozen=True)
class Spec:
    """Everything in spec/, checked."""

    api: Api
    strings: tuple[Text, ...]
    replies: tuple[Text, ...]
    """The sentences the server writes: replies, pause questions, reasons (spec/strings.yaml)."""
    theme: tuple[ThemeProperty, ...]
    elements: tuple[Element, ...]
    cli: Command


def load_spec(root: Path) -> Spec:
    """Read and check every spec file under root."""
    strings = load_yaml(root, STRINGS_FILE).only("strings", "replies")
    spec = Spec(
        api=read_api(root),
        strings=_read_texts(strings, "strings"),
        replies=_read_texts(strings, "replies"),
        theme=_read_theme(load_yaml(root, THEME_FILE)),
        elements=_read_elements(load_yaml(root, ELEMENTS_FILE)),
        cli=_read_cli(load_yaml(root, CLI_FILE)),
    )
    _check_origin_words(spec)
    _check_kind_titles(spec)
    _check_answer_words(spec)
    return spec


def _camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(part.capitalize() for part in rest)


def _check_answer_words(spec: Spec) -> None:
    """Every answer of a kind shown as a card (it has a title) has its button's words.

    The kind's own words come first (delegateApprove), then the answer's (approve); a kind with no
    title (ask) is answered in the message box, with no buttons.
    """
    keys = {text.key for text in spec.strings}
    for kind in (kind for kind in spec.api.kinds if kind.title is not None):
        for answer in kind.answers:
            if {_camel(f"{kind.name}_{answer}"), _camel(answer)}.isdisjoint(keys):
                raise SpecError(
                    STRINGS_FILE,
                    f"strings.{_camel(answer)}",
                    f"missing: the interface's button for {kind.name}'s {answer!r}",
                )


def _check_kind_titles(spec: Spec) -> None:
    """Every kind's x-title names a string the interface has."""
    keys = {text.key for text in spec.strings}
    for kind in spec.api.kinds:
        if kind.title is not None and kind.title not in keys:
            raise SpecError(
                OPENAPI_FILE,
                f"components.schemas.{kind.schema}.x-title",
                f"names no string of {STRINGS_FILE}: {kind.title!r}",
            )


def _check_origin_words(spec: Spec) -> None:
    """Every origin a value can carry has the words the interface shows for it, and no more."""
    worded = {
        text.key.removeprefix("origin_") for text in spec.strings if text.key.startswith("origin_")
    }
    origins = set(spec.api.enums["Origin"])
    for origin in sorted(origins - worded):
        raise SpecError(
            STRINGS_FILE,
            f"strings.origin_{origin}",
            "missing: the interface says every Origin in words",
        )
    for origin in sorted(worded - origins):
        raise SpecError(
            STRINGS_FILE, f"strings.origin_{origin}", "names no Origin of spec/openapi.yaml"
        )


def _read_texts(document: Node, section: str) -> tuple[Text, ...]:
    texts = []
    for key, node in document.get(section).entries():
        node.only("en", "pt-BR", "where")
        if not _IDENTIFIER.match(key):
            raise node.error("a string key must be a JavaScript identifier")
        text = Text(key, node.get("en").text(), node.get("pt-BR").text(), node.get("where").text())
        english, portuguese = _placeholders(text.en), _placeholders(text.pt_br)
        # A translation may leave a value out (a variable name inside Portuguese prose reads
        # as a stray word), but may never name one the English is not given.
        if not set(portuguese) <= set(english):
            raise node.error(
                f"placeholders differ: en has {_show(english)}, pt-BR has {_show(portuguese)}"
            )
        texts.append(text)
    if not texts:
        raise document.get(section).error("holds no strings")
    return tuple(texts)


def _placeholders(text: str) -> list[str]:
    return sorted(_PLACEHOLDER.findall(text))


def _show(names: list[str]) -> str:
    return ", ".join(f"{{{name}}}" for name in names) or "none"


def _read_theme(document: Node) -> tuple[ThemeProperty, ...]:
    properties = []
    for name, node in document.only("properties").get("properties").entries():
        node.only("light", "dark", "styles")
        if not re.match(r"^--[a-z][a-z0-9-]*$", name):
            raise node.error("a custom property's name must start with -- and be lowercase")
        prop = ThemeProperty(
            name, _css(node.get("light")), _css(node.get("dark")), node.get("styles").text()
        )
        properties.append(prop)
    if not properties:
        raise document.get("properties").error("holds no custom properties")
    return tuple(properties)


def _css(node: Node) -> str:
    value = node.text()
    if _UNSAFE_CSS.search(value) or "\n" in value:
        raise node.error("a CSS value may not hold ; { } ` \\ ${ /* or a line break")
    return value


def _read_elements(document: Node) -> tuple[Element, ...]:
    elements = []
    for tag, node in document.only("elements").get("elements").entries():
        node.only(*_ELEMENT_KEYS)
        if not _TAG.match(tag):
            raise node.error("a tag must be stalwart- followed by lowercase letters")
        class_name = node.get("class").text()
        if not _IDENTIFIER.match(class_name):
            raise node.get("class").error("a class name must be a JavaScript identifier")
        element = Element(
            tag=tag,
            class_name=class_name,
            summary=node.get("summary").text(),
            description=node.get("description").text(),
            attributes=_members(node.get("attributes"), "type"),
            properties=_members(node.get("properties"), "type"),
            events=_members(node.get("events"), "detail"),
            parts=_members(node.get("parts"), None),
            slots=_members(node.get("slots"), None),
        )
        elements.append(element)
    if not elements:
        raise document.get("elements").error("holds no elements")
    return tuple(elements)


def _members(node: Node, type_key: str | None) -> tuple[Member, ...]:
    if node.value is None:
        return ()
    members: list[Member] = []
    for item in node.items():
        item.only("name", "description", *([type_key] if type_key else []))
        name = item.get("name").text()
        if any(member.name == name for member in members):
            raise item.error(f"{name!r} is listed twice")
        kind = item.get(type_key).text() if type_key else None
        members.append(Member(name, item.get("description").text(), kind))
    return tuple(members)


def _read_cli(document: Node) -> Command:
    document.only("command", "summary", "arguments", "options")
    arguments = tuple(
        Argument(item.only("name", "help").get("name").text(), item.get("help").text())
        for item in document.get("arguments").items()
    )
    options: list[Option] = []
    for item in document.get("options").items():
        option = _read_option(item)
        if any(known.name == option.name for known in options):
            raise item.error(f"{option.name!r} is listed twice")
        options.append(option)
    return Command(
        command=document.get("command").text(),
        summary=document.get("summary").text(),
        arguments=arguments,
        options=tuple(options),
    )


def _read_option(item: Node) -> Option:
    item.only("name", "type", "default", "env", "metavar", "does", "help")
    name = item.get("name").text()
    if not re.match(r"^--[a-z][a-z0-9-]*$", name):
        raise item.get("name").error("an option's name must be -- followed by lowercase letters")
    kind = item.get("type").text()
    if kind not in ("string", "integer", "flag"):
        raise item.get("type").error("must be string, integer or flag")
    default = item.get("default").value if item.has("default") else None
    if kind == "flag":
        if default not in (None, False):
            raise item.get("default").error("a flag is off unless given: leave its default out")
        default = None
    elif isinstance(default, bool) or not isinstance(default, str | int | None):
        raise item.get("default").error("must be text, a whole number or null")
    elif kind == "integer" and isinstance(default, str):
        raise item.get("default").error("an integer option needs a whole-number default")
    return Option(
        name=name,
        type=kind,
        default=None if default is None else str(default),
        env=item.get("env").optional_text() if item.has("env") else None,
        metavar=item.get("metavar").optional_text() if item.has("metavar") else None,
        does=item.get("does").text(),
        help=item.get("help").text(),
    )
