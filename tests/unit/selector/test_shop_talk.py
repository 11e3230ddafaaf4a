"""Shop talk the vocabulary now writes, as a shop's owner would add it: having a look at an
order, wanting a receipt saved, giving a customer their money back, something in the inbox."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "plan"),
    [
        (
            "could you have a look at order 2957 for me, please?",
            "en",
            ("find_order", {"order_id": "2957"}),
        ),
        (
            "when you get a sec could you check the inbox? that'd be great",
            "en",
            ("read_inbox", {}),
        ),
        (
            "I'd like the receipt for order 1937 saved, if that's ok",
            "en",
            ("save_receipt", {"order_id": "1937"}),
        ),
        (
            "give the customer their money back on ch-1479, 22.50",
            "en",
            ("refund_card", {"charge_id": "ch-1479", "amount": 22.5}),
        ),
        ("is there anything in the inbox?", "en", ("read_inbox", {})),
        ("show me the messages in the inbox", "en", ("read_inbox", {})),
        (
            "put $45 through on order 9134",
            "en",
            ("charge_card", {"amount": 45, "order_id": "9134"}),
        ),
        ("tem algo no inbox hj?", "pt-BR", ("read_inbox", {})),
        (
            "devolve 40 da ch-6637 pro cliente",
            "pt-BR",
            ("refund_card", {"amount": 40, "charge_id": "ch-6637"}),
        ),
        (
            "queria o comprovante do 6638 salvo aqui, pode ser?",
            "pt-BR",
            ("save_receipt", {"order_id": "6638"}),
        ),
    ],
)
def test_shop_talk_reads_as_the_request_it_makes(
    shop: Selector, text: str, language: str, plan: tuple[str, dict[str, object]]
) -> None:
    assert calls(shop.plan(text, language)) == [plan]


def test_too_after_the_second_request_asks_for_nothing_more(shop: Selector) -> None:
    assert calls(shop.plan("pls save the receipt for 6738 and look up 6739 too", "en")) == [
        ("save_receipt", {"order_id": "6738"}),
        ("find_order", {"order_id": "6739"}),
    ]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Pode cancelar a encomenda 4412, se faz favor?", "pt-BR"),
        ("when you get a chance, if she pays cancel 4412", "en"),
    ],
)
def test_european_portuguese_and_a_condition_stay_unread(
    shop: Selector, text: str, language: str
) -> None:
    assert shop.plan(text, language).unread
