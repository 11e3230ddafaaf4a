"""A question about one of an order's facts (its card, its total, when it shipped) reads the
order, though "card" and "cartão" are words of the charge too: asking is a read, never a
charge. Asked with "it" ("is it paid?", "ele foi pago?") after a clause that names the order,
even one that tells what the person never got, it reads that order; so does a question about the
order's payment ("did the payment for 3391 clear?", "o pagamento do 3391 caiu?")."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "order"),
    [
        ("which card was order 7231 put on?", "en", "7231"),
        ("what card did order 4189 go on?", "en", "4189"),
        ("which card was 4412 charged to?", "en", "4412"),
        ("what card did the customer use for order 4412?", "en", "4412"),
        ("what was the total on 4412?", "en", "4412"),
        ("when did 4412 ship?", "en", "4412"),
        ("em qual cartão foi o pedido 1290?", "pt-BR", "1290"),
        ("em qual cartão ficou o pedido 1437?", "pt-BR", "1437"),
        ("qual cartão foi usado no pedido 4412?", "pt-BR", "4412"),
        ("qual foi o cartão do 4412?", "pt-BR", "4412"),
        ("qual foi o total do pedido 4412?", "pt-BR", "4412"),
        ("quando o 4412 foi enviado?", "pt-BR", "4412"),
    ],
)
def test_a_question_about_an_orders_fact_reads_the_order(
    shop: Selector, text: str, language: str, order: str
) -> None:
    assert calls(shop.plan(text, language)) == [("find_order", {"order_id": order})]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("can I charge the card for order 4412?", "en"),
        ("which card should I charge for order 4412?", "en"),
        ("posso cobrar no cartão o pedido 4412?", "pt-BR"),
    ],
)
def test_a_question_about_charging_a_card_is_no_read(
    shop: Selector, text: str, language: str
) -> None:
    assert shop.plan(text, language).unread


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("the customer never got an email about order 5521, has it shipped?", "en"),
        ("order 5521 - was it refunded?", "en"),
        ("don't charge 5521, is it paid already?", "en"),
        ("o cliente nunca recebeu o pedido 5521, ele foi entregue?", "pt-BR"),
        ("não cobra o 5521, ele já tá pago?", "pt-BR"),
    ],
)
def test_a_question_about_it_reads_the_order_named_before(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == [("find_order", {"order_id": "5521"})]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("is it paid?", "en"),
        ("ele foi pago?", "pt-BR"),
        ("if order 5521 ships, is it paid?", "en"),
        ("she asked whether order 5521 is paid, is it shipped?", "en"),
        ("se o pedido 5521 sair, ele foi pago?", "pt-BR"),
    ],
)
def test_a_question_about_it_with_nothing_named_or_supposed_reads_nothing(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == []


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("did the payment on order 3391 clear?", "en"),
        ("has the payment for 3391 failed?", "en"),
        ("o pagamento do pedido 3391 foi aprovado?", "pt-BR"),
        ("o pagamento do 3391 já entrou?", "pt-BR"),
    ],
)
def test_a_question_about_an_orders_payment_reads_the_order(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == [("find_order", {"order_id": "3391"})]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("if the payment for order 3391 cleared, charge it again", "en"),
        ("o pagamento do pedido 3391 não passou", "pt-BR"),
        ("ela disse que o pagamento do 3391 caiu", "pt-BR"),
    ],
)
def test_a_payment_told_supposed_or_negated_plans_no_charge(
    shop: Selector, text: str, language: str
) -> None:
    assert all(tool != "charge_card" for tool, _ in calls(shop.plan(text, language)))
    assert calls(shop.plan(text, language)) in ([], [("find_order", {"order_id": "3391"})])


@pytest.mark.parametrize(
    "text",
    [
        "what's the total on order 3391?",
        "what is the status for 3391",
        "what's the amount on #3391",
    ],
)
def test_the_total_on_or_for_an_order_reads_it(shop: Selector, text: str) -> None:
    assert calls(shop.plan(text, "en")) == [("find_order", {"order_id": "3391"})]


@pytest.mark.parametrize(
    "text", ["I don't care what the total on order 3391 is", "she asked what's the total on 3391"]
)
def test_the_total_on_an_order_negated_or_reported_reads_nothing(shop: Selector, text: str) -> None:
    assert calls(shop.plan(text, "en")) == []
