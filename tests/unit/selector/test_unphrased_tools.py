"""A tool no phrase reads is named at load, per language, so its turns are not a mystery."""

from __future__ import annotations

import logging

import pytest

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
