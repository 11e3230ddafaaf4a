"""Beside a clause that says no, a question the request asks is no supposition: "check whether",
"see if", "me diz quanto", "tell me what" ask what a look finds, so only a look is planned; and
"quero que" opens a wish ("não quero estorno, quero que você reabra o 3320"), not a report."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        (
            "don't charge 3320 yet, just see if order 3320 is paid",
            "en",
            [("find_order", {"order_id": "3320"})],
        ),
        (
            "leave order 6402 alone, just see whether 6403 is paid",
            "en",
            [("find_order", {"order_id": "6403"})],
        ),
        (
            "don't cancel it, just tell me whether order 7730 is paid",
            "en",
            [("find_order", {"order_id": "7730"})],
        ),
        (
            "no refund on ch-7714, check whether order 5502 shipped",
            "en",
            [("find_order", {"order_id": "5502"})],
        ),
        (
            "não cancela o 3320, me fala se o pedido 5502 tá pago",
            "pt-BR",
            [("find_order", {"order_id": "5502"})],
        ),
        (
            "não precisa estornar, me diz quanto ficou o pedido 5502",
            "pt-BR",
            [("find_order", {"order_id": "5502"})],
        ),
        (
            "nada de reembolso, só me fala quanto ficou o pedido 7421",
            "pt-BR",
            [("find_order", {"order_id": "7421"})],
        ),
        (
            "não quero estorno, quero que você reabra o pedido 3320",
            "pt-BR",
            [("reopen_order", {"order_id": "3320"})],
        ),
        (
            "não precisa salvar recibo, preciso que vc cancele o pedido 3320",
            "pt-BR",
            [("cancel_order", {"order_id": "3320"})],
        ),
    ],
)
def test_a_question_or_a_wish_beside_a_refusal_is_read(
    shop: Selector, text: str, language: str, expected: list[tuple[str, dict[str, object]]]
) -> None:
    assert calls(shop.plan(text, language)) == expected


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("don't refund it, check if she paid and cancel order 3320", "en"),
        ("no refund, see if she paid, then charge order 3320 $15", "en"),
        ("não estorna, vê se ela pagou e cancela o 3320", "pt-BR"),
        ("don't email her, cancel order 3320 if she paid", "en"),
        ("não quero estorno, ela disse que é pra cancelar o 3320", "pt-BR"),
        ("não manda email, e se ela quiser que cancele o 3320?", "pt-BR"),
    ],
)
def test_an_act_beside_a_refusal_and_a_question_stays_unread(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == []
