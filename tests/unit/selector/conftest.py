"""The shop's vocabulary and a way to write small vocabularies for one test."""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

import pytest

from stalwart_agents.selector import Selector, Vocabulary

from .helpers import SHOP_TOOLS, SHOP_VOCABULARY, TODAY


@pytest.fixture(scope="session")
def shop() -> Selector:
    return Selector(Vocabulary.load(SHOP_VOCABULARY, SHOP_TOOLS), today=lambda: TODAY)


WriteVocabulary = Callable[..., Path]


@pytest.fixture
def write_vocabulary(tmp_path: Path) -> WriteVocabulary:
    """Write a vocabulary file from indented YAML text and return its path."""

    def write(text: str, name: str = "vocabulary.yaml") -> Path:
        path = tmp_path / name
        path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
        return path

    return write


LoadSelector = Callable[[str, Mapping[str, Sequence[str]]], Selector]


@pytest.fixture
def load_selector(write_vocabulary: WriteVocabulary) -> LoadSelector:
    """A selector over a vocabulary written from YAML text, for the given tools."""

    def load(text: str, tools: Mapping[str, Sequence[str]]) -> Selector:
        return Selector(Vocabulary.load(write_vocabulary(text), tools), today=lambda: TODAY)

    return load
