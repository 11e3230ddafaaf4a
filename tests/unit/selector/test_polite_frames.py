"""A request between a polite opener and a polite closer is read: "if it's not too much trouble,
…", "… that would be great", "queria pedir …, pode ser?"; the rest is read as strictly as any
turn."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        (
            "if it's not too much trouble, could you reopen order 4127?",
            "en",
            ("reopen_order", {"order_id": "4127"}),
        ),
        ("could I have order 4127 reopened, please?", "en", ("reopen_order", {"order_id": "4127"})),
        ("I'd like orders 4127 reactivated", "en", ("reopen_order", {"order_id": "4127"})),
        (
            "if you could read the inbox that would be great, thanks",
            "en",
            ("read_inbox", {}),
        ),
        (
            "if you could charge order 4127 $16 that'd be lovely",
            "en",
            ("charge_card", {"amount": 16, "order_id": "4127"}),
        ),
        (
            "queria pedir o estorno de 16 dólares da ch-4127, pode ser?",
            "pt-BR",
            ("refund_card", {"amount": 16, "charge_id": "ch-4127"}),
        ),
        (
            "gostaria de pedir pra reabrir o pedido 4127, obrigada",
            "pt-BR",
            ("reopen_order", {"order_id": "4127"}),
        ),
    ],
)
def test_a_request_in_a_polite_frame_is_read(
    shop: Selector, text: str, language: str, expected: tuple[str, dict[str, object]]
) -> None:
    assert calls(shop.plan(text, language)) == [expected]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("if it's not too much trouble, don't reopen order 4127", "en"),
        ("if it's not too much trouble, reopen order 4127 if it's paid", "en"),
        ("reopen order 4127 if they ask, that would be great", "en"),
        ("if it's not too much trouble", "en"),
        ("queria pedir pra não reabrir o pedido 4127", "pt-BR"),
        ("queria pedir, se o cliente pagar, pra reabrir o pedido 4127", "pt-BR"),
        ("pode ser?", "pt-BR"),
    ],
)
def test_inside_the_frame_a_negation_or_supposition_plans_nothing(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == []
