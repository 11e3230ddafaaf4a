"""An order id typed without "order" reads only where nothing else could stand there: after a
preposition the phrase requires (+on), or in a phrase whose only slot is the order."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .conftest import LoadSelector
from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        ("status of 3307", "en", ("find_order", {"order_id": "3307"})),
        ("what's the status of 3307?", "en", ("find_order", {"order_id": "3307"})),
        ("has 5120 been paid?", "en", ("find_order", {"order_id": "5120"})),
        ("check 3307", "en", ("find_order", {"order_id": "3307"})),
        ("has 3307 shipped?", "en", ("find_order", {"order_id": "3307"})),
        ("what happened to 3307?", "en", ("find_order", {"order_id": "3307"})),
        ("charge 40 on 4411", "en", ("charge_card", {"amount": 40, "order_id": "4411"})),
        ("charge $40 to 4411", "en", ("charge_card", {"amount": 40, "order_id": "4411"})),
        ("put 25 dollars on 4411", "en", ("charge_card", {"amount": 25, "order_id": "4411"})),
        ("kill 4411", "en", ("cancel_order", {"order_id": "4411"})),
        ("como está o 3307?", "pt-BR", ("find_order", {"order_id": "3307"})),
        ("situação do 3307", "pt-BR", ("find_order", {"order_id": "3307"})),
        ("o 3307 já foi pago?", "pt-BR", ("find_order", {"order_id": "3307"})),
        ("cobra 125 reais do 7781", "pt-BR", ("charge_card", {"amount": 125, "order_id": "7781"})),
        ("manda cobrar 40 no 4411", "pt-BR", ("charge_card", {"amount": 40, "order_id": "4411"})),
        (
            "passe 40 no cartão do 4411",
            "pt-BR",
            ("charge_card", {"amount": 40, "order_id": "4411"}),
        ),
        ("reativar o 4411", "pt-BR", ("reopen_order", {"order_id": "4411"})),
    ],
)
def test_a_bare_order_id_reads_where_the_phrase_leaves_no_doubt(
    shop: Selector, text: str, language: str, expected: tuple[str, dict[str, object]]
) -> None:
    plan = shop.plan(text, language)

    assert calls(plan) == [expected]
    start, end = plan.calls[0].args["order_id"].span
    assert text[start:end] == expected[1]["order_id"]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("charge 4411 40", "en"),
        ("charge 40 4411", "en"),
        ("cobra 4411 40", "pt-BR"),
        ("cobra 40 4411", "pt-BR"),
        ("how's 2026 looking", "en"),
    ],
)
def test_two_bare_numbers_with_nothing_between_them_are_unread(
    shop: Selector, text: str, language: str
) -> None:
    assert shop.plan(text, language).unread


def test_a_filler_marked_required_must_be_typed_and_examples_show_it_unmarked(
    load_selector: LoadSelector,
) -> None:
    selector = load_selector(
        """
        tools:
          charge_card:
            slots: {amount: money, order_id: identifier}
            phrases:
              en: ["charge {amount} (+on | +to) {order_id}"]
              pt-BR: ["cobra {amount} (+no | +do) {order_id}"]
        """,
        {"charge_card": ["amount", "order_id"]},
    )

    assert calls(selector.plan("charge 40 on 4411", "en")) == [
        ("charge_card", {"amount": 40, "order_id": "4411"})
    ]
    assert selector.plan("charge 40 4411", "en").unread
    assert calls(selector.plan("cobra 40 do 4411", "pt-BR")) == [
        ("charge_card", {"amount": 40, "order_id": "4411"})
    ]
    assert selector.plan("cobra 40 4411", "pt-BR").unread
    assert selector.examples("en") == {"charge_card": ["charge 40 on 1234"]}
    assert selector.examples("pt-BR") == {"charge_card": ["cobra 40 no 1234"]}
