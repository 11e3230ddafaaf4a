"""The chapter's strings ship as its table gives them; setStrings is how a team rewords one."""

from __future__ import annotations

from pathlib import Path

import yaml

from stalwart_agents.yaml_loader import Loader

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
CHAPTER: dict[str, str] = yaml.load(
    (HERE / "chapter_strings.yaml").read_text("utf-8"), Loader=Loader
)


def test_the_chapter_table_has_its_74_strings() -> None:
    assert len(CHAPTER) == 74


def test_every_chapter_string_ships_in_english_exactly_as_the_chapter_gives_it() -> None:
    table = yaml.load((REPO / "spec/strings.yaml").read_text("utf-8"), Loader=Loader)["strings"]
    assert {key: table.get(key, {}).get("en") for key in CHAPTER} == CHAPTER
