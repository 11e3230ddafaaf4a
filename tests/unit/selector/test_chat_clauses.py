"""Chat around a request is read past; a clause that supposes, reports, negates or counts is not."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "plan"),
    [
        ("Morning! Quick one \u2013 is order 7760 paid?", "en", ("find_order", "7760")),
        ("Thanks a lot, mate. Cancel order 4411.", "en", ("cancel_order", "4411")),
        ("Bom dia! Uma coisinha: o pedido 7760 já foi pago?", "pt-BR", ("find_order", "7760")),
        ("Oi, tudo bem? cancela o pedido 4411", "pt-BR", ("cancel_order", "4411")),
    ],
)
def test_a_clause_of_chat_before_a_request_is_read_past(
    shop: Selector, text: str, language: str, plan: tuple[str, str]
) -> None:
    tool, order = plan
    assert calls(shop.plan(text, language)) == [(tool, {"order_id": order})]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("If she pays, cancel order 4411", "en"),
        ("Hypothetically, cancel order 4411?", "en"),
        ("My boss said: cancel order 4411", "en"),
        ("Nope. Cancel order 4411", "en"),
        ("Se ela pagar, cancela o pedido 4411", "pt-BR"),
        ("O cliente disse: cancela o pedido 4411", "pt-BR"),
        ("Não! cancela o pedido 4411", "pt-BR"),
        # A count of things, not of days: how long ("já faz dez dias") is chat (_durations).
        ("cadê a compra 2210? comprei 3 canecas", "pt-BR"),
    ],
)
def test_a_clause_that_supposes_reports_negates_or_counts_keeps_the_turn_unread(
    shop: Selector, text: str, language: str
) -> None:
    assert shop.plan(text, language).unread


def test_a_value_past_the_request_is_never_stepped_past(shop: Selector) -> None:
    assert calls(shop.plan("Hey mate, refund charge ch-4411, forty dollars", "en")) in (
        [],
        [("refund_card", {"charge_id": "ch-4411", "amount": 40})],
    )


def test_a_read_value_keeps_its_span_past_the_chat(shop: Selector) -> None:
    text = "Morning! Quick one \u2013 is order 7760 paid?"
    [call] = shop.plan(text, "en").calls
    start, end = call.args["order_id"].span or (0, 0)
    assert text[start:end] == "7760"
