"""A story told before the request, its report over at a full stop ("she said the vase was
chipped. refund 29.99 on ch-4315"), is read past; a report that carries the request ("My boss
said: cancel order 4411", "she told me to cancel 4411") still leaves the turn unread."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "plan"),
    [
        (
            "So the lady came back in today, lovely woman, said the vase was chipped. "
            "refund 29.99 on ch-4315 pls",
            "en",
            ("refund_card", {"amount": 29.99, "charge_id": "ch-4315"}),
        ),
        (
            "então, a cliente voltou hoje dizendo que a caneca veio trincada, coitada. "
            "reembolsa 19,90 da ch-3764",
            "pt-BR",
            ("refund_card", {"amount": 19.9, "charge_id": "ch-3764"}),
        ),
        (
            "a cliente disse que a caneca veio trincada. reembolsa 19,90 da ch-3764",
            "pt-BR",
            ("refund_card", {"amount": 19.9, "charge_id": "ch-3764"}),
        ),
    ],
)
def test_a_story_told_before_the_request_is_read_past(
    shop: Selector, text: str, language: str, plan: tuple[str, dict[str, object]]
) -> None:
    assert calls(shop.plan(text, language)) == [plan]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("My boss said: cancel order 4411", "en"),
        ("My boss said cancel order 4411", "en"),
        ("she told me to cancel 4411.", "en"),
        ("she said if it's late to cancel it. cancel 4411", "en"),
        ("O cliente disse: cancela o pedido 4411", "pt-BR"),
        ("a cliente disse que não quer mais. cancela o 4411", "pt-BR"),
    ],
)
def test_a_report_that_carries_the_request_or_a_supposition_stays_unread(
    shop: Selector, text: str, language: str
) -> None:
    assert shop.plan(text, language).unread
