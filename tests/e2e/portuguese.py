"""A dictionary-free check that a screen speaks only Portuguese: every visible text must come from a
pt-BR source (the interface's and the server's strings in spec/strings.yaml, the pt-BR texts of the
served agent.yaml and of its Python modules, such as a preview's rows), or be data (what the
person typed, numbers, ids, amounts, names)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import yaml
from playwright.sync_api import Page

from stalwart_agents.yaml_loader import Loader

REPO = Path(__file__).resolve().parents[2]
PORTUGUESE = "pt-BR"
_PLACEHOLDER = re.compile(r"\{[A-Za-z_]\w*\}")
# A token that is data, not a word: it has a digit (ids, amounts, dates), it is an address, a
# currency sign, signed or not (US$, +US$), an environment variable's name (OPENAI_API_KEY), a
# tool's name as code spells it (wire_money, which an AI model may ask for) or punctuation only.
_DATA = re.compile(
    r"^(?:.*\d.*|[^\s@]+@[^\s@]+|[+\-]?[A-Z]{0,2}\$|[A-Z]+(?:_[A-Z]+)+|[a-z]+(?:_[a-z]+)+|[^\w]+)$"
)
# Lists the interface and the server join: "Valor: US$ 40,00, Pedido: 4411", "a; b".
# A date, or a date and time, as pt-BR writes one: "9 de abr. de 2026", "9 de abr. de 2026 22:47".
_DATE = re.compile(r"^\d{1,2} de [a-zç]{3,4}\.? de \d{4}(?: \d{1,2}:\d{2})?$")
_JOINS = re.compile(r", |; |: | — | · |(?<=[.?!]) ")
# A pt-BR text a Python module of the agent writes, as `"pt-BR": f"Pedido {order_id}"`.
_IN_MODULE = re.compile(r"[\"']pt-BR[\"']\s*:\s*f?\"([^\"]*)\"")
_QUOTES = "“”\"'()[]"
_DEPTH = 3

# Every visible text of the page, through shadow roots, and the placeholders of empty fields.
_VISIBLE_TEXTS = """() => {
  const texts = [];
  const visit = (root) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const joined = new Set();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      // An id or amount kept whole is a span inside its sentence: the sentence is read as one text.
      const inner = node.parentElement;
      const sentence = inner?.classList.contains("whole") ? inner.parentElement : inner;
      const whole = sentence?.querySelector(":scope > .whole");
      if (whole && joined.has(sentence)) continue;
      if (whole) joined.add(sentence);
      const text = (whole ? sentence : node).textContent.replace(/\\s+/g, " ").trim();
      const parent = whole ? sentence : inner;
      if (!text || !parent || ["STYLE", "SCRIPT", "TITLE"].includes(parent.tagName)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const seen = [...range.getClientRects()].some((box) => box.width > 1 && box.height > 1);
      const shown = { contentVisibilityAuto: true, visibilityProperty: true };
      if (seen && parent.checkVisibility(shown)) texts.push(text);
    }
    for (const field of root.querySelectorAll("textarea, input")) {
      const empty = !field.value && field.placeholder && field.getClientRects().length;
      if (empty) texts.push(field.placeholder);
    }
    for (const element of root.querySelectorAll("*")) {
      if (element.shadowRoot) visit(element.shadowRoot);
    }
  };
  visit(document.body);
  return texts;
}"""


def _portuguese(tree: Any) -> Iterator[str]:
    """Every pt-BR text of a YAML tree: the values under a `pt-BR` key, at any depth."""
    if isinstance(tree, dict):
        for key, value in tree.items():
            if key == PORTUGUESE and isinstance(value, str):
                yield value
            else:
                yield from _portuguese(value)
    elif isinstance(tree, list):
        for item in tree:
            yield from _portuguese(item)


def _in_modules(folder: Path) -> Iterator[str]:
    """The pt-BR texts the agent's Python modules write, each f-string's fields as placeholders."""
    for module in sorted(folder.glob("*.py")):
        yield from _IN_MODULE.findall(module.read_text("utf-8"))


def _derived(texts: list[str]) -> Iterator[str]:
    """Each text, and what the product makes of it: a question told as a statement (the call in
    plain words), a title told mid-sentence ("consultar um pedido"), and the name of a contact
    written `Name <address>`."""
    for text in texts:
        yield text
        if text[:1].isupper():
            yield text[:1].lower() + text[1:]
        if text.endswith("?"):
            yield text.removesuffix("?")
        named = re.fullmatch(r"(.+?)\s*<[^<>]+>", text)
        if named:
            yield named[1]


def _pattern(template: str) -> re.Pattern[str]:
    """A template as a pattern whose placeholders each capture a value to check in turn."""
    parts = _PLACEHOLDER.split(" ".join(template.split()))
    return re.compile("(.+?)".join(re.escape(part) for part in parts))


class Sources:
    """What a Portuguese screen may show, and the check of one text against it."""

    def __init__(self, agent_file: Path, names: Iterable[str], typed: Iterable[str]) -> None:
        texts = [
            *_portuguese(
                yaml.load((REPO / "spec" / "strings.yaml").read_text("utf-8"), Loader=Loader)
            ),
            *_portuguese(yaml.load(agent_file.read_text("utf-8"), Loader=Loader)),
            *_in_modules(agent_file.parent),
        ]
        self.patterns = [_pattern(text) for text in _derived(texts)]
        self.known = {" ".join(text.split()) for text in [*names, *typed]}

    def add_typed(self, text: str) -> None:
        self.known.add(" ".join(text.split()))

    def sourced(self, text: str, depth: int = 0) -> bool:
        """From a pt-BR source, or data; each value a template holds is checked the same way."""
        whole = " ".join(text.split())
        text = whole.strip(_QUOTES + " ")
        if not text or text in self.known or _DATE.match(text):
            return True
        if all(_DATA.match(token) for token in text.split()):
            return True
        if depth >= _DEPTH:
            return False
        for pattern in self.patterns:
            found = pattern.fullmatch(whole) or pattern.fullmatch(text)
            if found and all(self.sourced(value, depth + 1) for value in found.groups()):
                return True
        # Sentences and list items joined: a sourced head, then a sourced rest.
        return any(
            self.sourced(text[: join.start()], depth + 1)
            and self.sourced(text[join.end() :], depth)
            for join in _JOINS.finditer(text)
        )

    def foreign(self, page: Page) -> list[str]:
        """The visible texts of the page that come from no pt-BR source."""
        texts: list[str] = page.evaluate(_VISIBLE_TEXTS)
        return sorted({text for text in texts if not self.sourced(text)})
