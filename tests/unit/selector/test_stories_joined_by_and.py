"""A story joined to the request by "and" ("e") is read past as a story before a mark is, when
the words after "and" open the person's own ask ("I need", "can you", "preciso", "pode"); a
wish told of someone else, a refused act or a supposition after it still plans nothing."""

from __future__ import annotations

from typing import Any

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "plan"),
    [
        (
            "the courier called and can you reopen order 3984",
            "en",
            ("reopen_order", {"order_id": "3984"}),
        ),
        (
            "the lady rang back and I need to cancel order 2210",
            "en",
            ("cancel_order", {"order_id": "2210"}),
        ),
        (
            "hi there, the courier rang and could you look up order 5512?",
            "en",
            ("find_order", {"order_id": "5512"}),
        ),
        (
            "o cliente ligou e preciso reabrir o pedido 1846",
            "pt-BR",
            ("reopen_order", {"order_id": "1846"}),
        ),
        (
            "a moça ligou de novo e eu quero cancelar o pedido 1846",
            "pt-BR",
            ("cancel_order", {"order_id": "1846"}),
        ),
        (
            "a moça ligou e pode salvar o recibo do 1846?",
            "pt-BR",
            ("save_receipt", {"order_id": "1846"}),
        ),
    ],
)
def test_a_request_after_a_story_and_and_is_read(
    shop: Selector, text: str, language: str, plan: tuple[str, dict[str, Any]]
) -> None:
    assert calls(shop.plan(text, language)) == [plan]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("the customer called and wants order 3984 cancelled", "en"),
        ("she called and I told her we'd cancel 3984", "en"),
        ("the customer called and I don't need 3984 reopened", "en"),
        ("if it's paid and I need order 3984 reopened", "en"),
        ("o cliente ligou e quer cancelar o pedido 1846", "pt-BR"),
        ("o cliente ligou e não preciso reabrir o pedido 1846", "pt-BR"),
        ("se pagarem e eu quiser, cancela o pedido 1846", "pt-BR"),
    ],
)
def test_a_story_and_anything_but_the_persons_ask_stays_unread(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == []
