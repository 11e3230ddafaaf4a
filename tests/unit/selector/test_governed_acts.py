"""A negation says no to the first act after it, not to the objects that follow that act: "don't
send anything, just check the inbox" bars the email, and "anything" is no inbox of its own. Every
act up to that one stays barred, and one before the negation too. An act word of two tools
("email": the send, and the inbox's emails) says no to the one the turn does not go on to ask
for by a word of its own: "don't email anyone, just check the inbox" reads the inbox."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        ("don't send anything yet, only check the inbox", "en", ("read_inbox", {})),
        ("não envia nada ainda, só confere a caixa de entrada", "pt-BR", ("read_inbox", {})),
        ("não manda nada por enquanto, só lê os emails", "pt-BR", ("read_inbox", {})),
        ("don't email the customer yet, just check my inbox", "en", ("read_inbox", {})),
        ("don't email anything, just read my inbox", "en", ("read_inbox", {})),
        ("never look anything up, only read the inbox", "en", ("read_inbox", {})),
        ("não manda email pra ninguém, só confere a caixa de entrada", "pt-BR", ("read_inbox", {})),
        ("leave 7402 be, only reopen 7403", "en", ("reopen_order", {"order_id": "7403"})),
        (
            "sem pressa, reabre o pedido 7403 por favor",
            "pt-BR",
            ("reopen_order", {"order_id": "7403"}),
        ),
    ],
)
def test_the_request_beside_a_negated_act_and_its_objects_is_read(
    shop: Selector, text: str, language: str, expected: tuple[str, dict[str, object]]
) -> None:
    assert calls(shop.plan(text, language)) == [expected]


@pytest.mark.parametrize(
    ("text", "language", "negated"),
    [
        ("don't send anything, just send an email to ana@shop.example", "en", "send_email"),
        ("don't read my email, just check the inbox", "en", "read_inbox"),
        ("don't email anyone, just email bob@shop.example saying hi", "en", "send_email"),
        ("check no, order 4412 status", "en", "find_order"),
        ("não lê os emails, só confere a caixa de entrada", "pt-BR", "read_inbox"),
        (
            "não manda email nenhum, só manda um pra ana@loja.example dizendo oi",
            "pt-BR",
            "send_email",
        ),
        ("make a do not? receipt for the order 4412", "en", "save_receipt"),
        ("open my inbox? no, read the inbox", "en", "read_inbox"),
        ("não manda nada, só manda um email pra ana@loja.example", "pt-BR", "send_email"),
    ],
)
def test_an_act_up_to_the_one_a_negation_governs_is_never_planned(
    shop: Selector, text: str, language: str, negated: str
) -> None:
    assert negated not in [tool for tool, _ in calls(shop.plan(text, language))]
