"""A request asked again ("charge order 7019 $26 again", "salva de novo") plans the same calls,
and "it" after a fact of a thing ("I didn't get a receipt for 4083, save it") is that thing;
a negation or a supposition still plans nothing, and where a tool says "again" itself ("open
order 4412 again") the word stays that tool's."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "plan"),
    [
        ("charge order 7019 $26 again", "en", ("charge_card", {"order_id": "7019", "amount": 26})),
        (
            "it didn't go through last time so please charge order 7019 $26 again",
            "en",
            ("charge_card", {"order_id": "7019", "amount": 26}),
        ),
        ("save the receipt for 4096 again", "en", ("save_receipt", {"order_id": "4096"})),
        (
            "can't find my receipt for 4096, can you save it again?",
            "en",
            ("save_receipt", {"order_id": "4096"}),
        ),
        (
            "I didn't get a receipt for 4083, save it please",
            "en",
            ("save_receipt", {"order_id": "4083"}),
        ),
        (
            "cobra de novo US$ 44,00 no pedido 7762",
            "pt-BR",
            ("charge_card", {"amount": 44, "order_id": "7762"}),
        ),
        (
            "não passou da outra vez, cobra de novo US$ 44,00 no pedido 7762",
            "pt-BR",
            ("charge_card", {"amount": 44, "order_id": "7762"}),
        ),
        (
            "nao achei o recibo do 2709, salva de novo pf",
            "pt-BR",
            ("save_receipt", {"order_id": "2709"}),
        ),
        ("salva o recibo do 2709 de novo", "pt-BR", ("save_receipt", {"order_id": "2709"})),
    ],
)
def test_a_request_asked_again_plans_the_same_calls(
    shop: Selector, text: str, language: str, plan: tuple[str, dict[str, object]]
) -> None:
    assert calls(shop.plan(text, language)) == [plan]


@pytest.mark.parametrize(
    ("text", "language", "plan"),
    [
        ("open order 4412 again", "en", ("reopen_order", {"order_id": "4412"})),
        ("abre o pedido 4412 de novo", "pt-BR", ("reopen_order", {"order_id": "4412"})),
    ],
)
def test_again_stays_the_word_of_a_tool_that_says_it(
    shop: Selector, text: str, language: str, plan: tuple[str, dict[str, object]]
) -> None:
    assert calls(shop.plan(text, language)) == [plan]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("don't charge 7019 again", "en"),
        ("if it fails, charge order 7019 $26 again", "en"),
        ("não cobra de novo o 7762", "pt-BR"),
        ("o cliente do pedido 4411 ligou de novo", "pt-BR"),
    ],
)
def test_asking_again_never_lifts_a_negation_or_a_supposition(
    shop: Selector, text: str, language: str
) -> None:
    assert shop.plan(text, language).unread
