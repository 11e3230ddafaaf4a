"""Desks on one unchanged vocabulary share one compiled selector; a changed file is read anew."""

from __future__ import annotations

import shutil
from pathlib import Path

from stalwart_agents.loading import agent_selector, load_agent_file
from stalwart_agents.selector import Selector

SHOP = Path(__file__).parents[2] / "examples" / "shop"


def _shop(tmp_path: Path) -> Path:
    folder = tmp_path / "shop"
    shutil.copytree(SHOP, folder, ignore=shutil.ignore_patterns("*.db", "__pycache__"))
    return folder / "agent.yaml"


def _selector_of(agent: Path) -> Selector:
    loaded = load_agent_file(agent)
    selector = agent_selector(loaded, 0, tuple(loaded.tools))
    assert selector is not None
    return selector


def test_two_loads_of_an_unchanged_file_share_one_selector(tmp_path: Path) -> None:
    agent = _shop(tmp_path)
    assert _selector_of(agent) is _selector_of(agent)


def test_a_phrase_added_to_the_vocabulary_is_read_by_the_next_desk(tmp_path: Path) -> None:
    agent = _shop(tmp_path)
    before = _selector_of(agent)
    assert not before.plan("zorble 4411", "en").calls
    vocabulary = agent.parent / "vocabulary.yaml"
    text = vocabulary.read_text(encoding="utf-8")
    added = text.replace(
        "        - order {order_id}\n",
        "        - order {order_id}\n        - zorble {order_id}\n",
        1,
    )
    assert added != text
    vocabulary.write_text(added, encoding="utf-8")
    after = _selector_of(agent)
    assert [call.tool for call in after.plan("zorble 4411", "en").calls] == ["find_order"]
