"""A clause that wishes the person well ("hope you're having a lovely week", "espero que você
esteja dando conta de tudo") is chat, whatever words it borrows from the tools; and "before I
forget" opens a request as "antes que eu esqueça" does."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        (
            "morning both, hope you're having a lovely week. could you reopen 3318?",
            "en",
            ("reopen_order", {"order_id": "3318"}),
        ),
        (
            "hi! hoping you're having a quiet shift — save the receipt for 3318",
            "en",
            ("save_receipt", {"order_id": "3318"}),
        ),
        (
            "oi! espero que você esteja dando conta de tudo aí. cancela o 3318",
            "pt-BR",
            ("cancel_order", {"order_id": "3318"}),
        ),
        (
            "Evening all. Before I forget, reopen 3318.",
            "en",
            ("reopen_order", {"order_id": "3318"}),
        ),
        ("before i forget: look up 3318", "en", ("find_order", {"order_id": "3318"})),
    ],
)
def test_a_well_wish_or_before_i_forget_before_the_request_is_read_past(
    shop: Selector, text: str, language: str, expected: tuple[str, dict[str, object]]
) -> None:
    assert calls(shop.plan(text, language)) == [expected]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("hope you didn't reopen 3318", "en"),
        ("hope you're having a good day, if she pays reopen 3318", "en"),
        ("before I forget, don't reopen 3318", "en"),
        ("espero que você não tenha cancelado o 3318", "pt-BR"),
        ("hope you're having a good day", "en"),
    ],
)
def test_a_wish_never_hides_a_negation_or_a_supposition(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == []
