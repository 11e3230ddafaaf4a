"""A look that names no thing of its own ("dá uma olhada", "have a look"), after a clause that
names the inbox, even one of what the person does not know ("nem sei o que tem na caixa de
entrada"), looks at the inbox: it reads the inbox, and never asks which order to look up."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("nem sei o q tem na caixa de entrada, dá uma olhada", "pt-BR"),
        ("não sei o que chegou nos emails, dá uma olhada pra mim", "pt-BR"),
        ("a caixa de entrada tá lotada, dá uma olhada", "pt-BR"),
        ("no idea what's in the inbox, have a look", "en"),
        ("not sure what's in the inbox today, take a look", "en"),
    ],
)
def test_a_bare_look_after_the_inbox_reads_the_inbox(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == [("read_inbox", {})]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("não abre a caixa de entrada, dá uma olhada", "pt-BR"),
        ("don't open the inbox, have a look", "en"),
        ("what if there's something in the inbox, have a look", "en"),
    ],
)
def test_a_refused_or_supposed_inbox_is_not_read(shop: Selector, text: str, language: str) -> None:
    assert ("read_inbox", {}) not in calls(shop.plan(text, language))


def test_a_look_after_an_order_still_looks_at_the_order(shop: Selector) -> None:
    assert calls(shop.plan("o pedido 4411 tá estranho, dá uma olhada", "pt-BR")) == [
        ("find_order", {"order_id": "4411"})
    ]
