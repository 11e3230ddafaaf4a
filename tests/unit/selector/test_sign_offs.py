"""A reason is part of its request's sentence: what follows the request's final mark ("That's
it for today", "Have a lovely evening", "é isso, valeu") is a sign-off, never the reason."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "order"),
    [
        ("please cancel 4507. That's it for today!", "en", "4507"),
        ("void order 4507? Have a lovely evening", "en", "4507"),
        ("cancel 4507. that's everything, bye", "en", "4507"),
        ("cancel 4507! Right, time for lunch.", "en", "4507"),
        ("cancela o 4507. é isso, valeu", "pt-BR", "4507"),
        ("cancela o pedido 4507. Era só isso, bom fim de semana!", "pt-BR", "4507"),
    ],
)
def test_a_sign_off_after_the_request_is_never_its_reason(
    shop: Selector, text: str, language: str, order: str
) -> None:
    assert calls(shop.plan(text, language)) == [("cancel_order", {"order_id": order})]


@pytest.mark.parametrize(
    ("text", "language", "reason"),
    [
        ("cancel 4507 because it came twice. That's it for today!", "en", "it came twice"),
        ("cancel 4507 since it was the wrong colour. thanks, bye", "en", "it was the wrong colour"),
        ("cancel 4507? reason: sold out", "en", "sold out"),
        ("cancela o 4507 porque veio repetido. é isso, valeu", "pt-BR", "veio repetido"),
    ],
)
def test_a_reason_in_the_request_s_sentence_keeps_only_its_words(
    shop: Selector, text: str, language: str, reason: str
) -> None:
    assert calls(shop.plan(text, language)) == [
        ("cancel_order", {"order_id": "4507", "reason": reason})
    ]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("cancel 4507. if she pays, never mind", "en"),
        ("cancel 4507. she said to wait", "en"),
        ("cancela o 4507. se ela pagar, esquece", "pt-BR"),
    ],
)
def test_a_sentence_after_the_request_that_supposes_or_negates_still_leaves_it_unread(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == []
