"""A tool no phrase reads is named at load and by `stalwart check`, per language, so its turns
are not a mystery."""

from __future__ import annotations

import logging
import re
import shutil
from pathlib import Path

import pytest

from stalwart_agents.agent_check import find_problems
from stalwart_agents.cli import main
from stalwart_agents.selector import Vocabulary

from .conftest import WriteVocabulary
from .helpers import SHOP_TOOLS, SHOP_VOCABULARY


def test_a_tool_without_phrases_is_warned_about_naming_tool_and_language(
    write_vocabulary: WriteVocabulary, caplog: pytest.LogCaptureFixture
) -> None:
    path = write_vocabulary(
        """
        tools:
          find_order:
            slots: {order_id: identifier}
            phrases:
              en: ["find order {order_id}"]
        """
    )
    tools = {"find_order": ["order_id"], "reopen_order": ["order_id"]}

    with caplog.at_level(logging.WARNING, logger="stalwart_agents.selector"):
        Vocabulary.load(path, tools)

    warned = [record.getMessage() for record in caplog.records]
    assert any("reopen_order has no phrase in en" in message for message in warned)
    assert any("reopen_order has no phrase in pt-BR" in message for message in warned)
    assert any("find_order has no phrase in pt-BR" in message for message in warned)
    assert not any("find_order has no phrase in en" in message for message in warned)


def test_the_shop_vocabulary_phrases_every_tool_in_both_languages(
    caplog: pytest.LogCaptureFixture,
) -> None:
    with caplog.at_level(logging.WARNING, logger="stalwart_agents.selector"):
        vocabulary = Vocabulary.load(SHOP_VOCABULARY, SHOP_TOOLS)

    assert caplog.records == []
    assert set(vocabulary.tools) == set(SHOP_TOOLS)


def _shop_without_receipts(tmp_path: Path) -> Path:
    """A copy of the shop whose vocabulary has no phrase for save_receipt."""
    shop = tmp_path / "shop"
    shutil.copytree(SHOP_VOCABULARY.parent, shop)
    vocabulary = shop / "vocabulary.yaml"
    text = vocabulary.read_text(encoding="utf-8")
    # The tool's block: its name at two spaces, up to the next name there or the file's end.
    cut = re.sub(r"(?ms)^  save_receipt:\n.*?(?=^  \S|\Z)", "", text)
    vocabulary.write_text(cut, encoding="utf-8")
    return shop / "agent.yaml"


def test_stalwart_check_warns_of_a_tool_no_phrase_reads_and_still_passes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    agent_file = _shop_without_receipts(tmp_path)

    checked = find_problems(agent_file)
    assert checked.problems == []
    assert [w.split(": ", 1)[1] for w in checked.warnings] == [
        f"the tool save_receipt has no phrase in {tag}, so no {tag} turn can plan it; "
        f"add one under tools.save_receipt.phrases.{tag}."
        for tag in ("en", "pt-BR")
    ]

    assert main(["check", str(agent_file)]) == 0
    said = capsys.readouterr()
    assert "no problems found" in said.out
    assert said.err.count("warning: ") == 2
    assert "the tool save_receipt has no phrase in pt-BR" in said.err


def test_the_shop_checks_without_warnings() -> None:
    assert find_problems(SHOP_VOCABULARY.parent / "agent.yaml").warnings == []
