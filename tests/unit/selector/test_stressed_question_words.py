"""A question word stressed by "que" ("como que tá?", "onde que tá o pedido 6190?") asks as the
word alone does; the "que" supposes nothing there, and a question about how to act is still no
request."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    "text",
    [
        "e o pedido 6190, como que tá?",
        "onde que tá o pedido 6190?",
        "quanto que ficou o pedido 6190?",
        "cadê que tá o 6190?",
    ],
)
def test_a_stressed_question_word_asks_about_the_thing(shop: Selector, text: str) -> None:
    assert calls(shop.plan(text, "pt-BR")) == [("find_order", {"order_id": "6190"})]


@pytest.mark.parametrize(
    "text",
    ["como que cancela o pedido 6190?", "o pedido 6190, se ela pagar, como que fica?"],
)
def test_a_stressed_question_word_never_makes_a_request(shop: Selector, text: str) -> None:
    assert calls(shop.plan(text, "pt-BR")) == []
