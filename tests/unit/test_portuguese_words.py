"""pt-BR is complete: every server sentence and every shop text has its own Portuguese.

Dictionary-free: each pt-BR text is compared with its English source. It must be there, and it
must differ, unless it holds no word besides its placeholders ("{tool}?") or is one of the few
words the two languages share.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Final

import pytest
import yaml

from stalwart_agents._generated.spec import REPLIES
from stalwart_agents.config import GroupSpec
from stalwart_agents.loading import load_agent_file
from stalwart_agents.yaml_loader import Loader

AGENT_FILE: Final = Path(__file__).parents[2] / "examples" / "shop" / "agent.yaml"

# Words written the same in English and Brazilian Portuguese.
SHARED: Final = frozenset({"Total"})
_PLACEHOLDER: Final = re.compile(r"\{[^{}]*\}")


def wordless(text: str) -> bool:
    """Whether a text says nothing of its own: only placeholders and punctuation."""
    return not re.search(r"[^\W\d_]", _PLACEHOLDER.sub("", text))


def untranslated(english: str, portuguese: str) -> bool:
    return english == portuguese and not wordless(english) and english not in SHARED


def test_every_server_sentence_has_its_own_portuguese() -> None:
    assert set(REPLIES["pt-BR"]) == set(REPLIES["en"])
    same = [key for key, text in REPLIES["en"].items() if untranslated(text, REPLIES["pt-BR"][key])]
    assert same == []


def texts(node: Any, path: str = "") -> Iterator[tuple[str, dict[str, str]]]:
    """Every text the shop's agent file gives per language, with where it is."""
    if isinstance(node, dict) and set(node) & {"en", "pt-BR"}:
        yield path, node
    elif isinstance(node, dict):
        for key, value in node.items():
            yield from texts(value, f"{path}.{key}" if path else str(key))
    elif isinstance(node, list):
        for index, item in enumerate(node):
            yield from texts(item, f"{path}[{index}]")


SHOP_TEXTS: Final = dict(texts(yaml.load(AGENT_FILE.read_text(encoding="utf-8"), Loader=Loader)))


@pytest.mark.parametrize("where", sorted(SHOP_TEXTS))
def test_every_shop_text_has_its_own_portuguese(where: str) -> None:
    given = SHOP_TEXTS[where]
    assert "pt-BR" in given and "en" in given
    assert not untranslated(given["en"], given["pt-BR"])


def test_every_text_a_shop_pause_or_reply_shows_is_worded_in_both_languages() -> None:
    spec = load_agent_file(AGENT_FILE)
    agent = spec.agent()
    groups = [group for group in agent.groups.values() if isinstance(group, GroupSpec)]
    assert len(groups) == len(agent.groups)
    worded: list[Any] = [agent.title, agent.purpose, agent.about]
    worded += [words for group in groups for words in (group.label, group.description)]
    for tool in spec.tools.values():
        worded += [tool.title, tool.description]
        worded += [tool.question, tool.reply] if tool.write else []
        worded += [argument.label for argument in tool.arguments.values()]
        worded += [field.label for field in tool.result.values()]
    worded += [rule.sentence for rule in (*spec.rules.refuse, *spec.rules.confirm)]
    assert [words for words in worded if not isinstance(words, dict)] == []
