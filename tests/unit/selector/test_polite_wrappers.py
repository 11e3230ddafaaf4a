"""Longer polite wrappers around a request are read past as the shorter openers are: "is there
any chance you could", "teria como", "faria a gentileza de", and closers of thanks after it
("much appreciated", "agradeço"); a negation or supposition after them still plans nothing."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "plan"),
    [
        (
            "is there any chance you could reopen order 3158?",
            "en",
            ("reopen_order", {"order_id": "3158"}),
        ),
        (
            "I'd be really grateful if you could look up order 7045",
            "en",
            ("find_order", {"order_id": "7045"}),
        ),
        (
            "cancel order 6620 please. Much appreciated!",
            "en",
            ("cancel_order", {"order_id": "6620"}),
        ),
        ("reopen 4417, appreciate it", "en", ("reopen_order", {"order_id": "4417"})),
        ("teria como reabrir o pedido 3158?", "pt-BR", ("reopen_order", {"order_id": "3158"})),
        (
            "faria a gentileza de salvar o recibo do 7045?",
            "pt-BR",
            ("save_receipt", {"order_id": "7045"}),
        ),
        ("cancela o pedido 6620, agradeço", "pt-BR", ("cancel_order", {"order_id": "6620"})),
    ],
)
def test_a_request_inside_a_longer_polite_wrapper_plans(
    shop: Selector, text: str, language: str, plan: tuple[str, dict[str, str]]
) -> None:
    assert calls(shop.plan(text, language)) == [plan]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("is there any chance you could not reopen order 3158?", "en"),
        ("is there any chance you could reopen order 3158 if she pays?", "en"),
        ("don't cancel order 6620. Much appreciated!", "en"),
        ("teria como não reabrir o pedido 3158?", "pt-BR"),
        ("faria a gentileza de, se ela pagar, salvar o recibo do 7045?", "pt-BR"),
        ("não cancela o pedido 6620, agradeço", "pt-BR"),
    ],
)
def test_a_negated_or_supposed_request_in_a_polite_wrapper_stays_unread(
    shop: Selector, text: str, language: str
) -> None:
    assert not shop.plan(text, language).calls
