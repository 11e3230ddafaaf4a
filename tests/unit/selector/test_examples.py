"""The "Try it" examples: the file's own sentences, or phrases filled with sample values."""

from __future__ import annotations

from stalwart_agents.selector import Selector

from .conftest import LoadSelector


def test_the_shop_gives_examples_for_every_tool_in_both_languages(shop: Selector) -> None:
    tools = list(shop.vocabulary.tools)

    assert list(shop.examples("en")) == tools
    assert list(shop.examples("pt-BR")) == tools


def test_written_examples_are_shown_as_written(shop: Selector) -> None:
    assert shop.examples("pt-BR")["charge_card"][0] == "cobrar 40,00 do pedido 4411"
    assert shop.examples("en")["charge_card"][0] == "charge 40 to order 4411"


def test_every_example_reads_as_its_own_tool(shop: Selector) -> None:
    for language in ("en", "pt-BR"):
        for tool, sentences in shop.examples(language).items():
            for sentence in sentences:
                assert [c.tool for c in shop.plan(sentence, language).calls] == [tool], sentence


GENERATED = """
tools:
  charge_card:
    slots:
      amount: {type: money, example: 12.5}
      order_id: {type: identifier, example: "4411"}
      note: {type: text, example: {en: gift wrap, pt-BR: papel de presente}}
    phrases:
      en:
        - "[please] (charge | bill) {amount} to the order {order_id}"
        - note {note} on order {order_id}
      pt-BR:
        - "cobrar {amount} do pedido {order_id}"
        - anotar {note} no pedido {order_id}
"""
GENERATED_TOOLS = {"charge_card": ["amount", "order_id", "note"]}


def test_examples_are_made_from_each_phrase_in_the_locale(load_selector: LoadSelector) -> None:
    selector = load_selector(GENERATED, GENERATED_TOOLS)

    assert selector.examples("en") == {
        "charge_card": [
            "please charge 12.50 to the order 4411",
            "note gift wrap on order 4411",
        ]
    }
    assert selector.examples("pt-BR") == {
        "charge_card": ["cobrar 12,50 do pedido 4411", "anotar papel de presente no pedido 4411"]
    }


def test_a_language_without_phrases_has_no_examples(load_selector: LoadSelector) -> None:
    selector = load_selector(
        """
        tools:
          read_inbox:
            phrases: {en: [read my inbox]}
        """,
        {"read_inbox": []},
    )

    assert selector.examples("pt-BR") == {}


def test_a_date_example_defaults_to_today_in_the_long_form(load_selector: LoadSelector) -> None:
    selector = load_selector(
        """
        tools:
          book:
            slots: {day: date}
            phrases:
              en: ["book a table on {day}"]
              pt-BR: ["reservar uma mesa para {day}"]
        """,
        {"book": ["day"]},
    )

    assert selector.examples("en") == {"book": ["book a table on April 10, 2026"]}
    assert selector.examples("pt-BR") == {"book": ["reservar uma mesa para 10 de abril de 2026"]}
