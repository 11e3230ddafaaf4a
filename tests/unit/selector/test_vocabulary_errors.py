"""A vocabulary the selector cannot use is refused at load, naming its file, line and key."""

from __future__ import annotations

from pathlib import Path

import pytest

from stalwart_agents.selector import Vocabulary, VocabularyError

from .conftest import LoadSelector, WriteVocabulary
from .helpers import calls

TOOLS = {
    "charge_card": ["amount", "order_id"],
    "find_order": ["order_id"],
    "refund_card": ["charge_id", "amount"],
}


def _refusal(write_vocabulary: WriteVocabulary, text: str) -> VocabularyError:
    path = write_vocabulary(text)
    with pytest.raises(VocabularyError) as caught:
        Vocabulary.load(path, TOOLS)
    assert str(caught.value).startswith(f"{path}:")
    return caught.value


def test_a_slot_that_is_no_argument_names_its_line_and_key(
    write_vocabulary: WriteVocabulary,
) -> None:
    error = _refusal(
        write_vocabulary,
        """
        tools:
          charge_card:
            slots:
              amount: money
              amout: number
            phrases:
              en: ["charge {amount}"]
        """,
    )

    assert (error.line, error.key) == (5, "tools.charge_card.slots.amout")
    assert "'amout' matches no argument of charge_card" in str(error)
    assert "amount, order_id" in str(error)


def test_a_tool_the_agent_does_not_have_names_its_line(write_vocabulary: WriteVocabulary) -> None:
    error = _refusal(
        write_vocabulary,
        """
        tools:
          find_order:
            slots: {order_id: identifier}
            phrases: {en: ["find order {order_id}"]}
          fly_to_the_moon:
            phrases: {en: [fly to the moon]}
        """,
    )

    assert (error.line, error.key) == (5, "tools.fly_to_the_moon")
    assert "no tool 'fly_to_the_moon'" in str(error)


@pytest.mark.parametrize("tag", ["pt-PT", "pt", "es", "en-US", "pt_BR"])
def test_a_phrase_language_other_than_en_or_pt_br_is_refused(
    write_vocabulary: WriteVocabulary, tag: str
) -> None:
    error = _refusal(
        write_vocabulary,
        f"""
        tools:
          find_order:
            slots: {{order_id: identifier}}
            phrases:
              en: ["find order {{order_id}}"]
              {tag}: ["encontrar encomenda {{order_id}}"]
        """,
    )

    assert (error.line, error.key) == (6, f"tools.find_order.phrases.{tag}")
    assert f"{tag!r} is not supported" in str(error)
    assert "en and pt-BR" in str(error)


def test_two_tools_reading_the_same_text_are_refused(write_vocabulary: WriteVocabulary) -> None:
    error = _refusal(
        write_vocabulary,
        """
        tools:
          find_order:
            slots: {order_id: identifier}
            phrases:
              en:
                - show order {order_id}
          charge_card:
            slots: {order_id: identifier}
            phrases:
              en:
                - show the order {order_id}
        """,
    )

    assert (error.line, error.key) == (11, "tools.charge_card.phrases.en.0")
    assert "line 6" in str(error)
    assert "into a different plan" in str(error)


def test_one_tool_reading_slots_in_swapped_places_is_refused(
    write_vocabulary: WriteVocabulary,
) -> None:
    error = _refusal(
        write_vocabulary,
        """
        tools:
          charge_card:
            slots: {amount: money, order_id: identifier}
            phrases:
              en:
                - charge {amount} {order_id}
                - charge {order_id} to {amount}
        """,
    )

    assert error.line == 7


def test_two_phrases_for_the_same_plan_are_accepted(write_vocabulary: WriteVocabulary) -> None:
    path = write_vocabulary(
        """
        tools:
          find_order:
            slots: {order_id: identifier}
            phrases:
              en:
                - show order {order_id}
                - show the order {order_id}
        """
    )

    assert Vocabulary.load(path, TOOLS).tools == ("find_order",)


def test_bad_yaml_names_its_line(write_vocabulary: WriteVocabulary) -> None:
    error = _refusal(
        write_vocabulary,
        """
        tools:
          find_order:
            phrases:
              en: [find order
        """,
    )

    assert error.line == 5
    assert "not valid YAML" in str(error)


def test_braces_in_an_unquoted_list_get_a_hint(write_vocabulary: WriteVocabulary) -> None:
    error = _refusal(
        write_vocabulary,
        """
        tools:
          find_order:
            slots: {order_id: identifier}
            phrases:
              en: [find order {order_id}]
        """,
    )

    assert "needs quotes" in str(error)


def test_a_key_written_twice_is_refused(write_vocabulary: WriteVocabulary) -> None:
    error = _refusal(
        write_vocabulary,
        """
        tools:
          find_order:
            phrases: {en: [find orders]}
          find_order:
            phrases: {en: [look up orders]}
        """,
    )

    assert error.line == 4
    assert "'find_order' appears twice" in str(error)


def test_an_unknown_key_is_refused_as_a_likely_typo(write_vocabulary: WriteVocabulary) -> None:
    error = _refusal(
        write_vocabulary,
        """
        tools:
          find_order:
            slots: {order_id: identifier}
            phrase:
              en: ["find order {order_id}"]
        """,
    )

    assert error.key == "tools.find_order.phrase"
    assert error.line == 4


def test_an_unknown_slot_type_lists_the_types(write_vocabulary: WriteVocabulary) -> None:
    error = _refusal(
        write_vocabulary,
        """
        tools:
          charge_card:
            slots:
              amount: currency
            phrases:
              en: ["charge {amount}"]
        """,
    )

    assert (error.line, error.key) == (4, "tools.charge_card.slots.amount.type")
    assert "'money'" in str(error)


def test_a_phrase_using_an_undeclared_slot_is_refused(write_vocabulary: WriteVocabulary) -> None:
    error = _refusal(
        write_vocabulary,
        """
        tools:
          charge_card:
            slots: {amount: money}
            phrases:
              en:
                - charge {amount} to order {order_id}
        """,
    )

    assert (error.line, error.key) == (6, "tools.charge_card.phrases.en.0")
    assert "{order_id}" in str(error)


@pytest.mark.parametrize(
    ("phrase", "problem"),
    [
        ("charge [{amount}", "not closed"),
        ("charge (a | b {amount}", "not closed"),
        ("charge {amount} ]", "unexpected"),
        ("charge { amount", "lone"),
        ("charge {1x}", "not a slot"),
        ("charge {amount} and {amount}", "appears twice"),
        ("the {amount}", "no word of its own"),
    ],
)
def test_a_malformed_phrase_is_refused(
    write_vocabulary: WriteVocabulary, phrase: str, problem: str
) -> None:
    error = _refusal(
        write_vocabulary,
        f"""
        tools:
          charge_card:
            slots: {{amount: money}}
            phrases:
              en:
                - "{phrase}"
        """,
    )

    assert error.line == 6
    assert problem in str(error)


def test_a_phrase_too_many_ways_to_read_is_refused(write_vocabulary: WriteVocabulary) -> None:
    error = _refusal(
        write_vocabulary,
        """
        tools:
          find_order:
            phrases:
              en:
                - (a | b | c | d) (e | f | g | h) (i | j | k | l) (m | n | p | q) (r | s)
        """,
    )

    assert "more than 256" in str(error)


def test_an_unsupported_settings_language_is_refused(write_vocabulary: WriteVocabulary) -> None:
    error = _refusal(
        write_vocabulary,
        """
        settings:
          language: pt-PT
        tools:
          find_order:
            phrases: {en: [find orders]}
        """,
    )

    assert (error.line, error.key) == (2, "settings.language")


def test_joiners_for_an_unsupported_language_are_refused(write_vocabulary: WriteVocabulary) -> None:
    error = _refusal(
        write_vocabulary,
        """
        joiners:
          fr: [et, puis]
        tools:
          find_order:
            phrases: {en: [find orders]}
        """,
    )

    assert (error.line, error.key) == (2, "joiners.fr")


def test_an_example_that_reads_as_another_tool_is_refused(
    write_vocabulary: WriteVocabulary,
) -> None:
    error = _refusal(
        write_vocabulary,
        """
        tools:
          find_order:
            slots: {order_id: identifier}
            phrases: {en: ["find order {order_id}"]}
          charge_card:
            slots: {amount: money, order_id: identifier}
            phrases: {en: ["charge {amount} to order {order_id}"]}
            examples:
              en: [find order 4411]
        """,
    )

    assert (error.line, error.key) == (9, "tools.charge_card.examples.en.0")
    assert "reads as find_order(order_id)" in str(error)


def test_a_phrase_whose_example_cannot_be_read_is_refused(
    write_vocabulary: WriteVocabulary,
) -> None:
    error = _refusal(
        write_vocabulary,
        """
        tools:
          find_order:
            slots:
              order_id: {type: identifier, pattern: "ORD-[0-9]+"}
            phrases:
              en: ["find order {order_id}"]
        """,
    )

    assert (error.line, error.key) == (6, "tools.find_order.phrases.en.0")
    assert "'find order 1234'" in str(error)
    assert "example:" in str(error)


def test_a_pattern_that_is_no_regular_expression_is_refused(
    write_vocabulary: WriteVocabulary,
) -> None:
    error = _refusal(
        write_vocabulary,
        """
        tools:
          find_order:
            slots:
              order_id: {type: identifier, pattern: "([0-9]"}
            phrases:
              en: ["find order {order_id}"]
        """,
    )

    assert error.key == "tools.find_order.slots.order_id.pattern"


def test_a_one_of_slot_without_values_is_refused(write_vocabulary: WriteVocabulary) -> None:
    error = _refusal(
        write_vocabulary,
        """
        tools:
          find_order:
            slots:
              order_id: one_of
            phrases:
              en: ["find order {order_id}"]
        """,
    )

    assert (error.line, error.key) == (4, "tools.find_order.slots.order_id")
    assert "values" in str(error)


def test_a_vocabulary_without_tools_is_refused(write_vocabulary: WriteVocabulary) -> None:
    error = _refusal(write_vocabulary, "settings: {language: en}\n")

    assert error.key == "tools"


def test_a_file_that_is_not_a_mapping_is_refused(write_vocabulary: WriteVocabulary) -> None:
    error = _refusal(write_vocabulary, "- find order\n")

    assert "mapping" in str(error)


def test_a_missing_file_is_refused_with_its_path(tmp_path: Path) -> None:
    path = tmp_path / "nowhere.yaml"
    with pytest.raises(VocabularyError, match="cannot be read"):
        Vocabulary.load(path, TOOLS)


def test_one_shape_reading_a_patterned_id_or_an_amount_is_not_a_conflict(
    load_selector: LoadSelector,
) -> None:
    selector = load_selector(
        """
        tools:
          refund_card:
            slots:
              charge_id: {type: identifier, pattern: "ch-\\\\d+", example: ch-12}
              amount: money
            phrases:
              en: ["refund {amount}", "refund {charge_id}"]
        """,
        {"refund_card": ["charge_id", "amount"]},
    )

    assert calls(selector.plan("refund 40", "en")) == [("refund_card", {"amount": 40})]
    assert calls(selector.plan("refund ch-12", "en")) == [("refund_card", {"charge_id": "ch-12"})]


def test_one_shape_reading_an_id_that_may_be_a_number_or_an_amount_is_refused(
    write_vocabulary: WriteVocabulary,
) -> None:
    error = _refusal(
        write_vocabulary,
        """
        tools:
          refund_card:
            slots:
              charge_id: {type: identifier, pattern: "\\\\d+"}
              amount: money
            phrases:
              en: ["refund {amount}", "refund {charge_id}"]
        """,
    )

    assert "into a different plan" in str(error)
