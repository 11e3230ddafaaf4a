"""The chapter's strings ship as its table gives them; setStrings is how a team rewords one."""

from __future__ import annotations

from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
CHAPTER: dict[str, str] = yaml.safe_load((HERE / "chapter_strings.yaml").read_text("utf-8"))


def test_the_chapter_table_has_its_74_strings() -> None:
    assert len(CHAPTER) == 74


def test_every_chapter_string_ships_in_english_exactly_as_the_chapter_gives_it() -> None:
    table = yaml.safe_load((REPO / "spec/strings.yaml").read_text("utf-8"))["strings"]
    assert {key: table.get(key, {}).get("en") for key in CHAPTER} == CHAPTER
