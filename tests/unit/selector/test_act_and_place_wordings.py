"""The other ways shop owners name an act read as it: a receipt put away somewhere ("pop the
receipt for 2231 in my files", "bota o comprovante na pasta"), an order paid off or settled
up ("quita o pedido"), put back on or made live again ("bota o pedido pra valer de novo"), a
charge refunded "by" an amount; and each stays unread when refused or reported."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls

_RECEIPT = ("save_receipt", {"order_id": "2231"})
_CHARGE = ("charge_card", {"order_id": "5120", "amount": 30})
_REOPEN = ("reopen_order", {"order_id": "6120"})


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        ("pop the receipt for order 2231 in my files", "en", _RECEIPT),
        ("file the receipt for order 2231", "en", _RECEIPT),
        ("put the receipt for 2231 in the folder", "en", _RECEIPT),
        ("chuck the invoice for order 2231 somewhere", "en", _RECEIPT),
        ("save the receipt for order 2231 for my records", "en", _RECEIPT),
        ("I need the receipt for order 2231 saved to my files", "en", _RECEIPT),
        ("coloca o recibo do pedido 2231 nos meus arquivos", "pt-BR", _RECEIPT),
        ("bota o comprovante do pedido 2231 na pasta", "pt-BR", _RECEIPT),
        ("pay off order 5120, $30", "en", _CHARGE),
        ("settle up order 5120 for $30", "en", _CHARGE),
        ("pay off order 5120 - $30 on the card", "en", _CHARGE),
        ("quita o pedido 5120, são 30 dólares", "pt-BR", _CHARGE),
        ("liquida o pedido 5120, US$ 30", "pt-BR", _CHARGE),
        ("put order 6120 back on", "en", _REOPEN),
        ("turn order 6120 back on", "en", _REOPEN),
        ("bota o pedido 6120 pra valer de novo", "pt-BR", _REOPEN),
        ("coloca o pedido 6120 no ar de novo", "pt-BR", _REOPEN),
        (
            "refund ch-5120 by $12.50",
            "en",
            ("refund_card", {"charge_id": "ch-5120", "amount": 12.5}),
        ),
        ("refund ch-5120 for $12", "en", ("refund_card", {"charge_id": "ch-5120", "amount": 12})),
        (
            "estorna a ch-5120 em 12 dólares",
            "pt-BR",
            ("refund_card", {"charge_id": "ch-5120", "amount": 12}),
        ),
    ],
)
def test_another_way_to_name_an_act_reads_as_it(
    shop: Selector, text: str, language: str, expected: tuple[str, dict[str, object]]
) -> None:
    assert calls(shop.plan(text, language)) == [expected]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("don't put the receipt for 2231 in my files", "en"),
        ("she said she filed the receipt for order 2231", "en"),
        ("não bota o comprovante do pedido 2231 na pasta", "pt-BR"),
        ("don't pay off order 5120", "en"),
        ("não quita o pedido 5120 ainda", "pt-BR"),
        ("if he pays, put order 6120 back on", "en"),
        ("não bota o pedido 6120 pra valer de novo", "pt-BR"),
        ("don't refund ch-5120 by $12", "en"),
    ],
)
def test_those_wordings_refused_or_supposed_plan_nothing(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == []
