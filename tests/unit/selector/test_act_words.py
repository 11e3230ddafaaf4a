"""Other verbs and nouns for the shop's acts and things read as the vocabulary's own: the
shop's `synonyms:` name them once, in both languages, with pt-BR's request forms."""

from __future__ import annotations

from typing import Any

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "plan"),
    [
        # Looking up.
        ("locate order 5820", "en", ("find_order", {"order_id": "5820"})),
        ("track down 5820 for me", "en", ("find_order", {"order_id": "5820"})),
        ("dig out the purchase 5820", "en", ("find_order", {"order_id": "5820"})),
        ("inspect order 5820", "en", ("find_order", {"order_id": "5820"})),
        ("localiza o pedido 5820", "pt-BR", ("find_order", {"order_id": "5820"})),
        ("pesquise a compra 5820", "pt-BR", ("find_order", {"order_id": "5820"})),
        ("espia a compra 5820", "pt-BR", ("find_order", {"order_id": "5820"})),
        ("check up on order 5820", "en", ("find_order", {"order_id": "5820"})),
        ("levanta o pedido 5820", "pt-BR", ("find_order", {"order_id": "5820"})),
        # Cancelling.
        ("kill off order 3316", "en", ("cancel_order", {"order_id": "3316"})),
        ("axe order 3316", "en", ("cancel_order", {"order_id": "3316"})),
        ("ditch the purchase 3316", "en", ("cancel_order", {"order_id": "3316"})),
        ("mate a compra 3316", "pt-BR", ("cancel_order", {"order_id": "3316"})),
        ("descarta o pedido 3316", "pt-BR", ("cancel_order", {"order_id": "3316"})),
        ("aborta o pedido 3316", "pt-BR", ("cancel_order", {"order_id": "3316"})),
        ("puxa a ficha do pedido 5820", "pt-BR", ("find_order", {"order_id": "5820"})),
        # Charging.
        ("settle order 4120 for $35", "en", ("charge_card", {"order_id": "4120", "amount": 35})),
        # Reopening.
        ("unvoid order 7002", "en", ("reopen_order", {"order_id": "7002"})),
        ("bring order 7002 back to life", "en", ("reopen_order", {"order_id": "7002"})),
        ("bring 7002 back from the dead", "en", ("reopen_order", {"order_id": "7002"})),
        ("resurrect order 7002", "en", ("reopen_order", {"order_id": "7002"})),
        ("undelete the order 7002", "en", ("reopen_order", {"order_id": "7002"})),
        ("ressuscite a compra 7002", "pt-BR", ("reopen_order", {"order_id": "7002"})),
        ("retoma o pedido 7002", "pt-BR", ("reopen_order", {"order_id": "7002"})),
        # Refunding.
        ("pay back $12 on ch-6114", "en", ("refund_card", {"charge_id": "ch-6114", "amount": 12})),
        (
            "repay 12 dollars on ch-6114",
            "en",
            ("refund_card", {"charge_id": "ch-6114", "amount": 12}),
        ),
        (
            "ressarça 12 dólares da ch-6114",
            "pt-BR",
            ("refund_card", {"charge_id": "ch-6114", "amount": 12}),
        ),
        ("extorna a cobrança ch-6114", "pt-BR", ("refund_card", {"charge_id": "ch-6114"})),
        (
            "ressarce o cliente da ch-6114 em 12 dólares",
            "pt-BR",
            ("refund_card", {"charge_id": "ch-6114", "amount": 12}),
        ),
        ("restitui a transação ch-6114", "pt-BR", ("refund_card", {"charge_id": "ch-6114"})),
        # Saving a receipt.
        ("stash the receipt for order 2290", "en", ("save_receipt", {"order_id": "2290"})),
        ("archive the invoice for purchase 2290", "en", ("save_receipt", {"order_id": "2290"})),
        ("arquiva a nota fiscal do pedido 2290", "pt-BR", ("save_receipt", {"order_id": "2290"})),
        ("guarda a notinha da compra 2290", "pt-BR", ("save_receipt", {"order_id": "2290"})),
        ("keep a copy of the receipt for order 2290", "en", ("save_receipt", {"order_id": "2290"})),
        ("printa o recibo do pedido 2290", "pt-BR", ("save_receipt", {"order_id": "2290"})),
        # Reading the inbox.
        ("catch up on my emails", "en", ("read_inbox", {})),
        ("go through the mailbox", "en", ("read_inbox", {})),
        ("show me my mailbox", "en", ("read_inbox", {})),
        ("peek at my inbox", "en", ("read_inbox", {})),
        ("skim the emails", "en", ("read_inbox", {})),
        ("dá uma espiadinha na caixa de entrada", "pt-BR", ("read_inbox", {})),
        ("confere a caixa postal", "pt-BR", ("read_inbox", {})),
        # Sending an email.
        (
            "shoot an email to lee@pottery.example about delays",
            "en",
            ("send_email", {"to": "lee@pottery.example", "subject": "delays"}),
        ),
        (
            "drop a line to lee@pottery.example",
            "en",
            ("send_email", {"to": "lee@pottery.example"}),
        ),
        (
            "fire off an email to lee@pottery.example",
            "en",
            ("send_email", {"to": "lee@pottery.example"}),
        ),
        (
            "dispare um email para lia@loja.example sobre atraso",
            "pt-BR",
            ("send_email", {"to": "lia@loja.example", "subject": "atraso"}),
        ),
        (
            "encaminha um e-mail para lia@loja.example",
            "pt-BR",
            ("send_email", {"to": "lia@loja.example"}),
        ),
    ],
)
def test_another_word_for_an_act_or_a_thing_reads_as_the_vocabularys(
    shop: Selector, text: str, language: str, plan: tuple[str, dict[str, Any]]
) -> None:
    assert calls(shop.plan(text, language)) == [plan]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("don't axe order 3316", "en"),
        ("if you ditch the purchase 3316 let me know", "en"),
        ("the customer said to resurrect order 7002", "en"),
        ("não mata a compra 3316", "pt-BR"),
        ("se derrubar o pedido 3316, me avisa", "pt-BR"),
        ("ela disse pra ressuscitar a compra 7002", "pt-BR"),
    ],
)
def test_another_word_is_guarded_as_the_vocabularys(
    shop: Selector, text: str, language: str
) -> None:
    assert shop.plan(text, language).unread
