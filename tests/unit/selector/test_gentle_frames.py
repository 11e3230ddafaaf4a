"""Portuguese polite frames: "por favorzinho" is "por favor" made small, and "faz a gentileza
de" opens a request as "tem como" does; a negation after either still plans nothing."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("por favorzinho reabre o 5063 pra mim", ("reopen_order", {"order_id": "5063"})),
        ("reabre o 5063, por favorzinho", ("reopen_order", {"order_id": "5063"})),
        ("faz a gentileza de cancelar o 4411", ("cancel_order", {"order_id": "4411"})),
        ("tenha a gentileza de salvar o recibo do 4411", ("save_receipt", {"order_id": "4411"})),
    ],
)
def test_a_gentle_frame_opens_the_request(
    shop: Selector, text: str, expected: tuple[str, dict[str, object]]
) -> None:
    assert calls(shop.plan(text, "pt-BR")) == [expected]


@pytest.mark.parametrize(
    "text", ["faz a gentileza de não cancelar o 4411", "por favorzinho, não reabre o 5063"]
)
def test_a_negation_after_it_plans_nothing(shop: Selector, text: str) -> None:
    assert calls(shop.plan(text, "pt-BR")) == []


def test_the_english_frames_are_unchanged(shop: Selector) -> None:
    assert calls(shop.plan("would you be so kind as to cancel 4411", "en")) == [
        ("cancel_order", {"order_id": "4411"})
    ]
