"""Chat before a request has shapes of its own: laughter parts clauses as a mark does ("sexta
feira kkk cancela o 1657"), a word that parts clauses may open the turn ("anyway refund
ch-2035 $27", "enfim, estorna ..."), and a short clause may exclaim ("gente que calor hoje").
None of them lets a negation or a supposition through."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        (
            "oii!! sexta feira finalmente kkk cancela o pedido 1657",
            "pt-BR",
            ("cancel_order", {"order_id": "1657"}),
        ),
        ("ressuscita o pedido 1349 kkk", "pt-BR", ("reopen_order", {"order_id": "1349"})),
        ("long week hahaha reopen 5924", "en", ("reopen_order", {"order_id": "5924"})),
        (
            "anyway refund ch-2035 $27 pls",
            "en",
            ("refund_card", {"charge_id": "ch-2035", "amount": 27}),
        ),
        (
            "enfim, estorna 35 dólares da ch-6211",
            "pt-BR",
            ("refund_card", {"charge_id": "ch-6211", "amount": 35}),
        ),
        (
            "gente que calor hoje 🥵 enfim, estorna 35 dólares da ch-6211",
            "pt-BR",
            ("refund_card", {"charge_id": "ch-6211", "amount": 35}),
        ),
    ],
)
def test_the_request_after_chat_of_these_shapes_is_read(
    shop: Selector, text: str, language: str, expected: tuple[str, dict[str, object]]
) -> None:
    assert calls(shop.plan(text, language)) == [expected]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("kkk não cancela o 1657", "pt-BR"),
        ("anyway, don't cancel 4411", "en"),
        ("but what if he pays, cancel 4411", "en"),
        ("mas não cancela o 4411", "pt-BR"),
        ("disse que sim kkk cancela o 4411", "pt-BR"),
        ("kkkk", "pt-BR"),
    ],
)
def test_a_negation_or_a_supposition_among_them_still_plans_nothing(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == []
