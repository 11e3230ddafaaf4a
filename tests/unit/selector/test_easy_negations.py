"""A negation that only eases the request ("no rush", "sem pressa") leads a clause of its own, and
"but" or "mas" parts clauses as a mark does: the request after them is read. A bare "no", a
negation after the request, or one that names the act still plans nothing."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "plan"),
    [
        ("no rush, reopen order 5531", "en", ("reopen_order", "5531")),
        ("no stress but cancel order 7702", "en", ("cancel_order", "7702")),
        ("not urgent at all, save the receipt for order 6104", "en", ("save_receipt", "6104")),
        ("sem stress, reabre o pedido 5531", "pt-BR", ("reopen_order", "5531")),
        ("nada de correria mas cancela o pedido 7702", "pt-BR", ("cancel_order", "7702")),
        ("nem liga, salva o recibo do pedido 6104", "pt-BR", ("save_receipt", "6104")),
    ],
)
def test_a_negation_that_eases_the_request_before_it_leaves_the_request(
    shop: Selector, text: str, language: str, plan: tuple[str, str]
) -> None:
    tool, order = plan
    assert calls(shop.plan(text, language)) == [(tool, {"order_id": order})]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("no, reopen order 5531", "en"),
        ("not yet, reopen order 5531", "en"),
        ("reopen order 5531, never mind", "en"),
        ("reopen order 5531? nah forget it", "en"),
        ("no rush, but don't reopen order 5531", "en"),
        ("not 5531 but reopen it", "en"),
        ("não, reabre o pedido 5531", "pt-BR"),
        ("reabre o pedido 5531, deixa pra lá, não precisa", "pt-BR"),
        ("sem pressa, mas não cancela o pedido 7702", "pt-BR"),
        ("se não for urgente, mas cancela o pedido 7702", "pt-BR"),
    ],
)
def test_a_bare_no_a_no_after_the_request_or_a_negated_act_still_plans_nothing(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == []


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("don't mind the delay, all good, cancel order 7702", "en"),
        ("não liga pra demora, tá tudo bem, cancela o pedido 7702", "pt-BR"),
    ],
)
def test_chat_between_a_negated_clause_and_the_request_is_read_past(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == [("cancel_order", {"order_id": "7702"})]


def test_a_negated_act_after_chat_is_still_never_planned(shop: Selector) -> None:
    assert calls(shop.plan("don't mind the delay, all good, don't cancel order 7702", "en")) == []
