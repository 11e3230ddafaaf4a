"""An opener that says a request would do no harm ("wouldn't hurt to", "não custa nada") asks
for it: its negation negates nothing; and "né" at the end only asks for agreement."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        ("Wouldn't hurt to reopen order 2864", "en", ("reopen_order", {"order_id": "2864"})),
        (
            "it wouldn't hurt to save the receipt for 2864",
            "en",
            ("save_receipt", {"order_id": "2864"}),
        ),
        (
            "não custa nada reabrir o pedido 2864 né",
            "pt-BR",
            ("reopen_order", {"order_id": "2864"}),
        ),
        ("nao custa nada salvar o recibo do 2864", "pt-BR", ("save_receipt", {"order_id": "2864"})),
        ("reabre o 2864, né?", "pt-BR", ("reopen_order", {"order_id": "2864"})),
        (
            "não custa nada salvar o recibo do 2864 né, salva aí",
            "pt-BR",
            ("save_receipt", {"order_id": "2864"}),
        ),
    ],
)
def test_a_harmless_opener_asks_for_the_request(
    shop: Selector, text: str, language: str, expected: tuple[str, dict[str, object]]
) -> None:
    assert calls(shop.plan(text, language)) == [expected]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("wouldn't hurt to not cancel 2864", "en"),
        ("wouldn't hurt if she paid 2864", "en"),
        ("não custa nada não cancelar o 2864", "pt-BR"),
        ("não custa nada se ela pagar o 2864", "pt-BR"),
    ],
)
def test_a_negation_or_supposition_after_it_still_plans_nothing(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == []
