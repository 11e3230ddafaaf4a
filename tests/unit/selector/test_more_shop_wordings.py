"""More of the ways people name a shop's things and acts read as the vocabulary's own:
"em que pé anda", "desiste do pedido", "volta o pedido pra aberto",
"where's my order?" (the order then asked for), "go thru", "grab me a copy of the receipt"."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        ("em que pé anda o pedido 5521?", "pt-BR", ("find_order", {"order_id": "5521"})),
        ("desiste do pedido 5521", "pt-BR", ("cancel_order", {"order_id": "5521"})),
        ("volta o pedido 5521 pra aberto", "pt-BR", ("reopen_order", {"order_id": "5521"})),
        ("where's my order?", "en", ("find_order", {})),
        (
            "cobra o pedido 5521 no cartão, US$ 37",
            "pt-BR",
            ("charge_card", {"order_id": "5521", "amount": 37}),
        ),
        ("cadê o meu pedido?", "pt-BR", ("find_order", {})),
        ("go thru my emails", "en", ("read_inbox", {})),
        (
            "grab me a copy of the receipt for order 5521",
            "en",
            ("save_receipt", {"order_id": "5521"}),
        ),
    ],
)
def test_another_word_for_a_thing_or_an_act_reads(
    shop: Selector, text: str, language: str, expected: tuple[str, dict[str, object]]
) -> None:
    assert calls(shop.plan(text, language)) == [expected]


def test_a_look_up_asked_after_another_request_takes_its_thing(shop: Selector) -> None:
    plan = shop.plan("reabre o 5521 e me mostra como ele ficou", "pt-BR")
    assert calls(plan) == [
        ("reopen_order", {"order_id": "5521"}),
        ("find_order", {"order_id": "5521"}),
    ]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("não desiste do pedido 5521", "pt-BR"),
        ("o cliente disse que desistiu do pedido 5521", "pt-BR"),
        ("não volta o pedido 5521 pra aberto", "pt-BR"),
        ("can I cancel my order?", "en"),
        ("posso reabrir o meu pedido?", "pt-BR"),
    ],
)
def test_those_words_refused_or_reported_plan_nothing(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == []
