"""The slot types a vocabulary declares: numbers, one-of values with synonyms, dates, patterns."""

from __future__ import annotations

from decimal import Decimal

import pytest

from stalwart_agents.selector import Selector, VocabularyError

from .conftest import LoadSelector
from .helpers import calls

ORDERS = """
tools:
  list_orders:
    slots:
      status:
        type: one_of
        values:
          paid: {en: [paid, settled], pt-BR: [pagos, quitados]}
          unpaid: {en: [unpaid, not paid, open], pt-BR: [em aberto, não pagos]}
      since: date
      count: number
    phrases:
      en:
        - list [{count}] {status} orders [since {since}]
      pt-BR:
        - listar [{count}] pedidos {status} [desde {since}]
"""
ORDER_TOOLS = {"list_orders": ["status", "since", "count"]}


@pytest.fixture
def orders(load_selector: LoadSelector) -> Selector:
    return load_selector(ORDERS, ORDER_TOOLS)


@pytest.mark.parametrize(
    ("text", "language", "status"),
    [
        ("list paid orders", "en", "paid"),
        ("list settled orders", "en", "paid"),
        ("list not paid orders", "en", "unpaid"),
        ("listar pedidos quitados", "pt-BR", "paid"),
        ("listar pedidos não pagos", "pt-BR", "unpaid"),
        ("listar pedidos nao pagos", "pt-BR", "unpaid"),
    ],
)
def test_a_one_of_synonym_reads_as_its_value(
    orders: Selector, text: str, language: str, status: str
) -> None:
    assert calls(orders.plan(text, language)) == [("list_orders", {"status": status})]


def test_a_one_of_word_from_the_other_language_is_not_read(orders: Selector) -> None:
    assert orders.plan("listar pedidos paid", "pt-BR").unread


@pytest.mark.parametrize(
    ("text", "language", "since"),
    [
        ("list paid orders since 2026-03-01", "en", "2026-03-01"),
        ("list paid orders since 3/1/2026", "en", "2026-03-01"),
        ("list paid orders since March 1, 2026", "en", "2026-03-01"),
        ("list paid orders since march 1st", "en", "2026-03-01"),
        ("list paid orders since 1 Mar 2026", "en", "2026-03-01"),
        ("listar pedidos pagos desde 01/03/2026", "pt-BR", "2026-03-01"),
        ("listar pedidos pagos desde 1/3", "pt-BR", "2026-03-01"),
        ("listar pedidos pagos desde 1º de março de 2026", "pt-BR", "2026-03-01"),
        ("listar pedidos pagos desde 1 de marco", "pt-BR", "2026-03-01"),
    ],
)
def test_a_date_reads_in_the_locales_order_and_month_names(
    orders: Selector, text: str, language: str, since: str
) -> None:
    plan = orders.plan(text, language)

    assert plan.calls[0].args["since"].value == since


@pytest.mark.parametrize(
    "text", ["list paid orders since 2/30/2026", "list paid orders since 13/1"]
)
def test_a_date_that_does_not_exist_is_not_read(orders: Selector, text: str) -> None:
    assert orders.plan(text, "en").unread


@pytest.mark.parametrize(
    ("text", "language", "count"),
    [
        ("list 5 paid orders", "en", 5),
        ("list five paid orders", "en", 5),
        ("listar 5 pedidos pagos", "pt-BR", 5),
        ("listar cinco pedidos pagos", "pt-BR", 5),
        ("listar 2,5 pedidos pagos", "pt-BR", 2.5),
    ],
)
def test_a_number_reads_in_digits_or_words(
    orders: Selector, text: str, language: str, count: object
) -> None:
    assert orders.plan(text, language).calls[0].args["count"].value == count


PATTERNED = """
tools:
  find_order:
    slots:
      order_id: {type: identifier, pattern: "ORD-[0-9]+", example: ORD-7}
    phrases:
      en: ["find order {order_id}"]
"""


def test_an_identifier_pattern_decides_what_an_identifier_is(load_selector: LoadSelector) -> None:
    selector = load_selector(PATTERNED, {"find_order": ["order_id"]})

    assert calls(selector.plan("find order ORD-7", "en")) == [("find_order", {"order_id": "ORD-7"})]
    assert selector.plan("find order 4411", "en").unread


def test_an_identifier_without_a_pattern_needs_a_digit(shop: Selector) -> None:
    assert shop.plan("find order abc", "en").unread


def test_extra_fillers_from_the_vocabulary_are_skipped(load_selector: LoadSelector) -> None:
    selector = load_selector(
        """
        fillers:
          en: [pretty]
        tools:
          find_order:
            slots: {order_id: identifier}
            phrases:
              en: ["find order {order_id}"]
        """,
        {"find_order": ["order_id"]},
    )

    assert not selector.plan("pretty please find order 4411", "en").unread


@pytest.mark.parametrize(
    ("typed", "language"),
    [("charge 40 to order abc", "en"), ("cobrar 40 do pedido abc", "pt-BR")],
)
def test_a_word_right_after_the_order_is_read_as_the_order_to_charge(
    shop: Selector, typed: str, language: str
) -> None:
    assert calls(shop.plan(typed, language)) == [
        ("charge_card", {"amount": Decimal(40), "order_id": "abc"})
    ]


@pytest.mark.parametrize(
    ("typed", "language"),
    [
        ("charge 40 to order please", "en"),
        ("charge 40 to order it", "en"),
        ("charge 40 to order total", "en"),
        ("cobrar 40 do pedido ele", "pt-BR"),
        ("cobrar 40 do pedido total", "pt-BR"),
    ],
)
def test_a_word_the_vocabulary_uses_is_never_read_as_an_order(
    shop: Selector, typed: str, language: str
) -> None:
    assert all(
        call[1].get("order_id") not in {"please", "it", "total", "ele"}
        for call in calls(shop.plan(typed, language))
    )


def test_only_an_identifier_without_a_pattern_takes_after(load_selector: LoadSelector) -> None:
    with pytest.raises(VocabularyError, match="only an identifier slot without a pattern"):
        load_selector(
            """
            tools:
              find_order:
                slots:
                  order_id: {type: money, after: {en: [order]}}
                phrases:
                  en: ["find order {order_id}"]
            """,
            {"find_order": ["order_id"]},
        )
