"""A negation that states a fact before the request ("the parcel never arrived, refund $15")
does not negate the request; a bare "no", or a negated clause that names the act, still does."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        (
            "the parcel never arrived, refund $15 on ch-3310",
            "en",
            ("refund_card", {"amount": 15, "charge_id": "ch-3310"}),
        ),
        ("it's not a big deal, just reopen 7420", "en", ("reopen_order", {"order_id": "7420"})),
        (
            "o pacote nunca chegou, estorna 15 dólares da ch-3310",
            "pt-BR",
            ("refund_card", {"amount": 15, "charge_id": "ch-3310"}),
        ),
    ],
)
def test_a_stated_negation_before_a_request_leaves_the_request(
    shop: Selector, text: str, language: str, expected: tuple[str, dict[str, object]]
) -> None:
    assert calls(shop.plan(text, language)) == [expected]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("no, refund $15 on ch-3310", "en"),
        ("never, refund $15 on ch-3310", "en"),
        ("não, estorna 15 dólares da ch-3310", "pt-BR"),
        ("the parcel never needed a refund, refund $15 on ch-3310", "en"),
        ("o pacote nunca chegou, não estorna a ch-3310", "pt-BR"),
        ("if the parcel never arrived, refund $15 on ch-3310", "en"),
    ],
)
def test_a_bare_no_or_a_negation_of_the_act_still_plans_nothing(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == []
