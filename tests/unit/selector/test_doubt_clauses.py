"""A clause of what the person does not know ("not sure why it's still open", "nem sei qual é o
total", "não tenho certeza se chegou") is a fact before the request, not a refusal of it: its
"why", "qual" or "se" is the person's own question, never a supposition. Where it asks whether
("if", "se"), a look may follow it, and an act only past a "but" ("mas"): "I can't tell if she
paid, cancel 2604" may mean "if she paid, cancel", and stays unread."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        (
            "not sure why it was left open, but charge $42 to order 5183",
            "en",
            [("charge_card", {"amount": 42, "order_id": "5183"})],
        ),
        (
            "I'm not sure whether anything arrived, check the inbox",
            "en",
            [("read_inbox", {})],
        ),
        (
            "no idea why it was cancelled, reopen order 3381",
            "en",
            [("reopen_order", {"order_id": "3381"})],
        ),
        (
            "I don't know if they paid it, look up order 6120",
            "en",
            [("find_order", {"order_id": "6120"})],
        ),
        (
            "not sure if the courier wrote, but cancel order 6120",
            "en",
            [("cancel_order", {"order_id": "6120"})],
        ),
        (
            "não tenho certeza se o fornecedor respondeu, olha os emails",
            "pt-BR",
            [("read_inbox", {})],
        ),
        (
            "nem sei quanto ficou o pedido 5183, busca ele",
            "pt-BR",
            [("find_order", {"order_id": "5183"})],
        ),
        (
            "não lembro se ela pagou, consulta o pedido 6120",
            "pt-BR",
            [("find_order", {"order_id": "6120"})],
        ),
        (
            "no idea how, but order 7730 got cancelled, can you reopen it?",
            "en",
            [("reopen_order", {"order_id": "7730"})],
        ),
        (
            "não sei como, mas o pedido 7730 ficou cancelado, reabre ele",
            "pt-BR",
            [("reopen_order", {"order_id": "7730"})],
        ),
        (
            "I never saw what order 2290 came to, what was it?",
            "en",
            [("find_order", {"order_id": "2290"})],
        ),
        (
            "não lembro do valor do pedido 2290, quanto ficou?",
            "pt-BR",
            [("find_order", {"order_id": "2290"})],
        ),
        (
            "no one has told me whether order 3822 shipped, can you look it up?",
            "en",
            [("find_order", {"order_id": "3822"})],
        ),
        (
            "ninguém me avisou se o pedido 3822 foi pago, confere ele",
            "pt-BR",
            [("find_order", {"order_id": "3822"})],
        ),
        (
            "não sei por que ficou aberto, mas cancela o pedido 3381",
            "pt-BR",
            [("cancel_order", {"order_id": "3381"})],
        ),
    ],
)
def test_what_the_person_does_not_know_is_told_before_the_request(
    shop: Selector, text: str, language: str, expected: list[tuple[str, dict[str, object]]]
) -> None:
    assert calls(shop.plan(text, language)) == expected


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("not sure if she paid, cancel order 6120", "en"),
        ("I don't know if it shipped, refund $30 on ch-5183", "en"),
        ("not sure why it was left open, don't charge order 5183", "en"),
        ("no idea if it's paid, so don't cancel 6120", "en"),
        ("não sei se ela pagou, cancela o pedido 6120", "pt-BR"),
        ("não tenho certeza se foi enviado, estorna 30 da ch-5183", "pt-BR"),
        ("nem sei qual é o total do 5183, não cobra ainda", "pt-BR"),
        ("not sure if you could cancel order 6120 if she paid", "en"),
        ("no idea how, but order 7730 got cancelled, don't reopen it", "en"),
        ("no one has told me if she paid, cancel order 3822", "en"),
        ("ninguém me disse se ela pagou, cancela o pedido 3822", "pt-BR"),
        ("I never saw order 2290, what if I cancel it?", "en"),
        ("não lembro do pedido 2290, quanto eu estorno?", "pt-BR"),
        ("no idea how, but she said 7730 got cancelled, reopen it", "en"),
    ],
)
def test_an_act_after_a_doubt_that_may_be_its_condition_or_a_refusal_stays_unread(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == []
