"""A phrase that leaves an argument out still plans the call; the run asks for it later."""

from __future__ import annotations

from stalwart_agents.selector import Selector

from .helpers import calls


def test_a_charge_without_an_order_plans_without_order_id(shop: Selector) -> None:
    assert calls(shop.plan("charge 40", "en")) == [("charge_card", {"amount": 40})]


def test_a_find_without_an_order_plans_with_no_arguments(shop: Selector) -> None:
    assert calls(shop.plan("busca o pedido", "pt-BR")) == [("find_order", {})]


def test_an_email_without_subject_or_body_plans_with_the_address_only(shop: Selector) -> None:
    assert calls(shop.plan("send an email to maria@example.com", "en")) == [
        ("send_email", {"to": "maria@example.com"})
    ]


def test_a_refund_without_an_amount_plans_the_charge_only(shop: Selector) -> None:
    assert calls(shop.plan("estorne a cobrança ch-4411", "pt-BR")) == [
        ("refund_card", {"charge_id": "ch-4411"})
    ]


def test_an_argument_no_phrase_reads_is_never_planned(shop: Selector) -> None:
    plan = shop.plan("charge 40 to order 4411", "en")

    assert "card" not in plan.calls[0].args
