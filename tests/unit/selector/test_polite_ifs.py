"""A request made polite with "if" plans ("I'd be grateful if you could cancel 4412", "cancela o
4412 se puder"); an "if" that sets a condition or a supposition still leaves the turn unread."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "plan"),
    [
        ("I'd be grateful if you could cancel 4412", "en", ("cancel_order", "4412")),
        ("if you could look up 2210 that'd be great", "en", ("find_order", "2210")),
        ("If you can, cancel order 4411", "en", ("cancel_order", "4411")),
        ("save the receipt for order 1937, if that's ok", "en", ("save_receipt", "1937")),
        ("cancel 4412 if possible", "en", ("cancel_order", "4412")),
        (
            "Hi! If it's no trouble, please save the receipt of order 8834. Many thanks",
            "en",
            ("save_receipt", "8834"),
        ),
        ("se puder, cancela o 4412", "pt-BR", ("cancel_order", "4412")),
        ("se não for incômodo, cancela o 4412", "pt-BR", ("cancel_order", "4412")),
        ("Se der, cancela o pedido 4411", "pt-BR", ("cancel_order", "4411")),
        ("cancela o 4412 se puder", "pt-BR", ("cancel_order", "4412")),
        ("oi! se puder, cancela o 4412", "pt-BR", ("cancel_order", "4412")),
    ],
)
def test_a_request_made_polite_with_if_plans(
    shop: Selector, text: str, language: str, plan: tuple[str, str]
) -> None:
    tool, order = plan
    assert calls(shop.plan(text, language)) == [(tool, {"order_id": order})]


@pytest.mark.parametrize(
    ("text", "language", "plan"),
    [
        ("eu agradeceria se vc salvasse o recibo do 6603", "pt-BR", ("save_receipt", "6603")),
        ("queria pedir que reabrisse o pedido 7714", "pt-BR", ("reopen_order", "7714")),
        ("queria que você cancelasse o pedido 2390", "pt-BR", ("cancel_order", "2390")),
    ],
)
def test_the_verb_a_polite_wish_puts_in_the_subjunctive_reads_as_its_phrases_write_it(
    shop: Selector, text: str, language: str, plan: tuple[str, str]
) -> None:
    tool, order = plan
    assert calls(shop.plan(text, language)) == [(tool, {"order_id": order})]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("if I cancelled 4412, would she get her money back?", "en"),
        ("if I cancel 4412 can you refund ch-4412", "en"),
        ("cancel 4412 if it's unpaid", "en"),
        ("Hi! If she pays, cancel 4412", "en"),
        ("Hi! If you could, don't cancel 4412", "en"),
        ("se eu cancelar o 4412, ela recebe o dinheiro de volta?", "pt-BR"),
        ("cancela o 4412 se ele não pagar", "pt-BR"),
        ("se der, não cancela o 4412", "pt-BR"),
    ],
)
def test_an_if_that_sets_a_condition_or_supposes_stays_unread(
    shop: Selector, text: str, language: str
) -> None:
    assert shop.plan(text, language).unread
