"""The shop's vocabulary and a way to write small vocabularies for one test."""

from __future__ import annotations

import sys
import textwrap
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from pathlib import Path

import pytest

from stalwart_agents.desk import Desk
from stalwart_agents.selector import Selector, Vocabulary
from stalwart_agents.store import open_store

from .helpers import SHOP_CURRENCIES, SHOP_TOOLS, SHOP_VOCABULARY, TODAY


@pytest.fixture
async def desk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Desk]:
    """The real Desk on the shop example, with its own shop database and run store."""
    shop_dir = SHOP_VOCABULARY.parent
    monkeypatch.setenv("STALWART_SHOP_DB", str(tmp_path / "shop.db"))
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.setattr(sys, "path", [str(shop_dir), *sys.path])
    store = open_store(f"sqlite:///{tmp_path / 'runs.db'}")
    async with Desk(shop_dir / "agent.yaml", store=store) as desk:
        yield desk


@pytest.fixture(scope="session")
def shop() -> Selector:
    return Selector(
        Vocabulary.load(SHOP_VOCABULARY, SHOP_TOOLS, currencies=SHOP_CURRENCIES),
        today=lambda: TODAY,
    )


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
