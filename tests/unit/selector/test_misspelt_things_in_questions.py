"""A question names its thing with a typo as well as typed right: "has ordr 5516 shipped or is
it still sitting here?", "o pediod 5516 já foi pago?"; a word of another tool still rules the
question out, typo or not."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("has ordr 5516 shipped or is it still sitting here?", "en"),
        ("was oder 5516 paid or not?", "en"),
        ("o pediod 5516 já foi pago?", "pt-BR"),
        ("me diz se o pedio 5516 já foi entregue", "pt-BR"),
    ],
)
def test_a_question_about_a_misspelt_thing_reads_it(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == [("find_order", {"order_id": "5516"})]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("did you refund ordr 5516?", "en"),
        ("o pedio 5516 não foi pago?", "pt-BR"),
        ("ordr 5516 and ordr 5517 paid?", "en"),
    ],
)
def test_a_misspelt_thing_never_opens_a_question_that_asks_otherwise(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == []
