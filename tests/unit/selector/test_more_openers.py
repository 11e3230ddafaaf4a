"""More polite openers are read past: "I'd appreciate it if you could", "if you don't mind",
"can I ask you to"; "dá pra", "se não for incômodo", "queria que você", "seria possível". The
rest is read as strictly as any turn."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls

REOPEN = [("reopen_order", {"order_id": "3057"})]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("I'd appreciate it if you could reopen order 3057", "en"),
        ("if you don't mind, reopen order 3057", "en"),
        ("can I ask you to reopen order 3057?", "en"),
        ("I'd love it if you could reopen order 3057", "en"),
        ("would you be so kind as to reopen order 3057", "en"),
        ("dá pra reabrir o pedido 3057?", "pt-BR"),
        ("se não for incômodo, reabre o pedido 3057", "pt-BR"),
        ("queria que você reabra o pedido 3057", "pt-BR"),
        ("seria possível reabrir o pedido 3057?", "pt-BR"),
        ("queria te pedir pra reabrir o pedido 3057", "pt-BR"),
    ],
)
def test_a_polite_opener_is_read_past(shop: Selector, text: str, language: str) -> None:
    assert calls(shop.plan(text, language)) == REOPEN


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("if you don't mind, don't reopen order 3057", "en"),
        ("I'd appreciate it if you could, if it's paid, reopen order 3057", "en"),
        ("dá pra não reabrir o pedido 3057?", "pt-BR"),
        ("se não for incômodo, o cliente disse pra reabrir o pedido 3057", "pt-BR"),
        ("dá pra reabrir pedido cancelado?", "pt-BR"),
    ],
)
def test_after_an_opener_a_negation_report_or_policy_question_plans_nothing(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == []
