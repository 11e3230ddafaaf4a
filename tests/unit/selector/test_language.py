"""The language is chosen, never guessed: the first one set, English without one."""

from __future__ import annotations

import pytest

from stalwart_agents.language import UnsupportedLanguage, check_language, choose_language
from stalwart_agents.selector import Selector

from .conftest import LoadSelector


def test_the_first_language_set_wins() -> None:
    assert choose_language(None, "pt-BR", "en") == "pt-BR"


def test_english_is_chosen_when_nothing_is_set() -> None:
    assert choose_language(None, None, None) == "en"
    assert choose_language() == "en"


def test_a_chosen_language_is_spelled_as_the_spec_spells_it() -> None:
    assert choose_language("PT-BR") == "pt-BR"
    assert check_language("EN") == "en"


@pytest.mark.parametrize(
    "tag", ["pt-PT", "pt", "es", "pt_BR", "", " en", "en_US", "en-", "english", "pt-br-x"]
)
def test_any_other_tag_is_refused_naming_the_supported_ones(tag: str) -> None:
    with pytest.raises(UnsupportedLanguage) as caught:
        check_language(tag)

    assert repr(tag) in str(caught.value)
    assert "en and pt-BR" in str(caught.value)


@pytest.mark.parametrize("tag", ["en-US", "en-GB", "EN-us", "en-AU", "en-Latn-US", "en-001"])
def test_any_english_bcp_47_tag_reads_as_english(tag: str) -> None:
    assert check_language(tag) == "en"
    assert choose_language(None, tag) == "en"


def test_an_unsupported_language_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="'pt-PT' is not supported"):
        choose_language(None, "pt-PT", "en")


def test_planning_in_an_unsupported_language_is_refused(shop: Selector) -> None:
    with pytest.raises(UnsupportedLanguage):
        shop.plan("cobrar 40 do pedido 4411", "pt-PT")


def test_the_vocabulary_language_is_its_settings_language(shop: Selector) -> None:
    assert shop.vocabulary.language == "en"


def test_a_vocabulary_without_settings_sets_no_language(load_selector: LoadSelector) -> None:
    selector = load_selector(
        """
        tools:
          read_inbox:
            phrases: {pt-BR: [ler a caixa de entrada]}
        """,
        {"read_inbox": []},
    )

    assert selector.vocabulary.language is None


def test_a_settings_language_is_spelled_as_the_spec_spells_it(load_selector: LoadSelector) -> None:
    selector = load_selector(
        """
        settings: {language: PT-BR}
        tools:
          read_inbox:
            phrases: {pt-br: [ler a caixa de entrada]}
        """,
        {"read_inbox": []},
    )

    assert selector.vocabulary.language == "pt-BR"
    assert not selector.plan("ler a caixa de entrada", "pt-BR").unread
