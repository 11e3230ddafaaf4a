"""A report is over at its full stop only when a request follows it: what someone said, followed
by nothing but thanks or a sign-off ("the customer said: cancel 4411. thanks"), is still their
words, never a request."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("the customer said: cancel 4411. thanks", "en"),
        ("she said reopen 4411. that's all, cheers", "en"),
        ("he told me: refund $20 on ch-4411. bye", "en"),
        ("o cliente disse: cancela o 4411. valeu", "pt-BR"),
        ("ela falou: reabre o 4411. é isso, obrigada", "pt-BR"),
    ],
)
def test_a_report_followed_only_by_a_sign_off_plans_nothing(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == []


def test_a_report_over_before_the_request_still_reads_it(shop: Selector) -> None:
    plan = shop.plan("she said the vase was chipped. refund 29.99 on ch-4315. thanks!", "en")
    assert calls(plan) == [("refund_card", {"amount": 29.99, "charge_id": "ch-4315"})]
