"""A question about the inbox that names who wrote reads the inbox: the inbox is read whole, so
the sender refines nothing it reads. Nobody, a negation or a supposition still reads nothing,
and a sender never stands for an argument."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("did Maria email us?", "en"),
        ("did the supplier reply?", "en"),
        ("anything from the supplier in the inbox?", "en"),
        ("anything in the inbox from paypal?", "en"),
        ("is there anything in the inbox from the supplier?", "en"),
        ("did the supplier ever write back? anything in the inbox", "en"),
        ("did anyone email us back about the wholesale thing?", "en"),
        ("a Joana mandou e-mail?", "pt-BR"),
        ("o fornecedor mandou email?", "pt-BR"),
        ("tem email do fornecedor?", "pt-BR"),
        ("tem email do fornecedor na caixa de entrada?", "pt-BR"),
        ("alguém mandou email sobre o atacado?", "pt-BR"),
    ],
)
def test_an_inbox_question_naming_a_sender_reads_the_inbox(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == [("read_inbox", {})]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Maria didn't email us", "en"),
        ("if Maria emailed us, read it", "en"),
        ("nobody emailed us", "en"),
        ("did Maria pay?", "en"),
        ("a Joana não mandou e-mail?", "pt-BR"),
        ("ninguém respondeu nosso email", "pt-BR"),
        ("se a Joana mandar e-mail, lê", "pt-BR"),
    ],
)
def test_a_sender_beside_a_negation_a_supposition_or_another_act_reads_nothing(
    shop: Selector, text: str, language: str
) -> None:
    assert shop.plan(text, language).unread


def test_a_sender_never_stands_for_an_argument(shop: Selector) -> None:
    assert shop.plan("cancel the order from Maria", "en").unread
