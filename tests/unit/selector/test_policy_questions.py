"""A question about what may be done to a kind of thing ("can you cancel an order once it's been
paid?") is a question of policy, never a plan; a question about one thing still reads it."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("can you cancel an order once it's been paid?", "en"),
        ("can I charge an order twice?", "en"),
        ("would you reopen an order after a month?", "en"),
        ("can you cancel the order?", "en"),
        ("dá pra cancelar pedido que já foi pago?", "pt-BR"),
        ("é possível cancelar um pedido?", "pt-BR"),
        ("vocês reabrem pedido cancelado?", "pt-BR"),
    ],
)
def test_a_question_of_policy_plans_nothing(shop: Selector, text: str, language: str) -> None:
    assert calls(shop.plan(text, language)) == []


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        ("can you cancel order 6620?", "en", [("cancel_order", {"order_id": "6620"})]),
        ("can you read the inbox?", "en", [("read_inbox", {})]),
        ("dá pra reabrir o pedido 6620?", "pt-BR", [("reopen_order", {"order_id": "6620"})]),
        (
            "find order 6620, can you cancel it?",
            "en",
            [("find_order", {"order_id": "6620"}), ("cancel_order", {"order_id": "6620"})],
        ),
    ],
)
def test_a_question_about_one_thing_still_reads_it(
    shop: Selector, text: str, language: str, expected: list[tuple[str, dict[str, object]]]
) -> None:
    assert calls(shop.plan(text, language)) == expected
