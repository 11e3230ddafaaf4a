"""A negation of the whole ("don't refund the whole thing", "não estorna tudo") says no to the
amount, not the act, whether the whole comes after the act or before it ("not the whole refund",
"não o estorno todo"): the act is read with the values the next clause gives ("just $10 on
ch-7008"). A next clause asking for an act of its own, or giving no value, plans no such call."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        (
            "don't refund the full amount, just $12 on ch-5521",
            "en",
            ("refund_card", {"amount": 12, "charge_id": "ch-5521"}),
        ),
        (
            "no need to refund everything, only 8 on ch-5521",
            "en",
            ("refund_card", {"amount": 8, "charge_id": "ch-5521"}),
        ),
        (
            "não devolve o valor todo, só 12 dólares da ch-5521",
            "pt-BR",
            ("refund_card", {"amount": 12, "charge_id": "ch-5521"}),
        ),
        (
            "não precisa reembolsar tudo, só 8 na ch-5521",
            "pt-BR",
            ("refund_card", {"amount": 8, "charge_id": "ch-5521"}),
        ),
        (
            "not the entire refund, just $12 on ch-5521",
            "en",
            ("refund_card", {"amount": 12, "charge_id": "ch-5521"}),
        ),
        (
            "não o reembolso inteiro, só 12 dólares da ch-5521",
            "pt-BR",
            ("refund_card", {"amount": 12, "charge_id": "ch-5521"}),
        ),
    ],
)
def test_a_negated_whole_reads_the_act_with_the_next_clause_s_values(
    shop: Selector, text: str, language: str, expected: tuple[str, dict[str, object]]
) -> None:
    assert calls(shop.plan(text, language)) == [expected]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("don't refund the whole thing, thanks", "en"),
        ("don't refund the whole thing, just reopen 5521", "en"),
        ("don't refund anything at all, just $12 on ch-5521", "en"),
        ("give a full no, refund on ch-5521", "en"),
        ("não estorna tudo, só reabre o 5521", "pt-BR"),
        ("se não for estornar tudo, só 12 da ch-5521", "pt-BR"),
        ("not the whole refund, thanks", "en"),
        ("not the whole refund, just reopen 5521", "en"),
        ("não o estorno todo, só reabre o 5521", "pt-BR"),
    ],
)
def test_a_negated_whole_without_values_of_its_own_plans_no_such_call(
    shop: Selector, text: str, language: str
) -> None:
    assert "refund_card" not in [tool for tool, _ in calls(shop.plan(text, language))]
