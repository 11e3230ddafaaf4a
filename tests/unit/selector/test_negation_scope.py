"""A negation governs its clause: the request beside it is read, the negated one never. A
conjunction parts the clauses as a mark does ("don't cancel 4411 just show it")."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "plan"),
    [
        ("I don't want order 1502 anymore, please cancel it", "en", ("cancel_order", "1502")),
        ("no need to refund, just reopen order 2210", "en", ("reopen_order", "2210")),
        ("don't cancel order 4411, just show it", "en", ("find_order", "4411")),
        ("não vou mais querer o pedido 2210, pode cancelar", "pt-BR", ("cancel_order", "2210")),
        ("ainda não cancela, primeiro me mostra o pedido 9187", "pt-BR", ("find_order", "9187")),
        ("não cancela o pedido 4411, só mostra ele", "pt-BR", ("find_order", "4411")),
        ("rather than voiding 4411 just look it up", "en", ("find_order", "4411")),
        ("instead of cancelling 4411 only save its receipt", "en", ("save_receipt", "4411")),
        ("em vez de cancelar o 4411 só reabre ele", "pt-BR", ("reopen_order", "4411")),
    ],
)
def test_the_request_beside_a_negated_clause_is_read(
    shop: Selector, text: str, language: str, plan: tuple[str, str]
) -> None:
    tool, order = plan
    assert calls(shop.plan(text, language)) == [(tool, {"order_id": order})]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("cancel order 4411? no", "en"),
        ("do not, reopen the order 4411", "en"),
        ("cancel no, order 4411", "en"),
        ("I don't want order 1502 anymore, thanks", "en"),
        ("Don't cancel order 4411, I'll call the customer first", "en"),
        ("if it's not paid, cancel order 4411", "en"),
        ("não precisa! cancela o pedido 4411", "pt-BR"),
        ("o cliente disse que não quer mais, cancela o pedido 4411", "pt-BR"),
    ],
)
def test_a_negation_that_names_no_request_keeps_the_turn_unread(
    shop: Selector, text: str, language: str
) -> None:
    assert shop.plan(text, language).unread


@pytest.mark.parametrize(
    ("text", "language", "negated"),
    [
        ("just show order 4411, don't cancel it", "en", "cancel_order"),
        ("don't cancel it, order 4411, cancel order 4411", "en", "cancel_order"),
        ("mostra o pedido 4411, não cancela", "pt-BR", "cancel_order"),
        ("don't cancel 4411 just cancel it", "en", "cancel_order"),
        ("instead of cancelling 4411 just void it", "en", "cancel_order"),
        ("não cancela o 4411 só cancela ele", "pt-BR", "cancel_order"),
    ],
)
def test_a_negated_action_is_never_planned_whatever_the_clause_order(
    shop: Selector, text: str, language: str, negated: str
) -> None:
    assert negated not in [tool for tool, _ in calls(shop.plan(text, language))]
