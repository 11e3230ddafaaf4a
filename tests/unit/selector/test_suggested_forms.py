"""A form of an act's word ("cancelasse", "reabrisse", "salvasse") comes as close to its tool as
the word itself: an unread turn that holds one offers the request, with the turn's values."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector


@pytest.mark.parametrize(
    ("text", "language", "offered"),
    [
        ("queria que cancelasse o 5249", "pt-BR", "Cancelar o pedido 5249"),
        ("vc me ajuda? queria q reabrisse o 5249", "pt-BR", "Reabrir o pedido 5249"),
    ],
)
def test_a_form_of_an_acts_word_offers_its_tool(
    shop: Selector, text: str, language: str, offered: str
) -> None:
    plan = shop.plan(text, language)
    assert plan.unread
    assert offered in plan.suggestions


def test_a_refused_form_offers_nothing(shop: Selector) -> None:
    assert shop.plan("não queria que cancelasse o 5249", "pt-BR").suggestions == ()
