"""After a story that names a thing with its value, a bare request to check it takes that thing:
"fiz o pedido 7740 dia 9 de abril, vê pra mim?", "… e até agora nada, consegue verificar?"."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    "text",
    [
        "fiz o pedido 7740 dia 9 de abril, vê pra mim?",
        "fiz o pedido 7740 semana passada e até agora nada, confere aí?",
        "oi! fiz o pedido 7740 dia 2 de junho, consegue verificar pra mim?",
        "vê pra mim o pedido 7740",
    ],
)
def test_a_bare_check_after_a_story_takes_its_thing(shop: Selector, text: str) -> None:
    assert calls(shop.plan(text, "pt-BR")) == [("find_order", {"order_id": "7740"})]


@pytest.mark.parametrize(
    "text",
    [
        "fiz o pedido 7740 dia 9 de abril, não confere ainda",
        "deixa eu ver",
        "confere se ela disse que pagou",
        "se ela pagar o 7740, verifica",
    ],
)
def test_a_bare_check_that_is_refused_supposed_or_said_in_passing_plans_nothing(
    shop: Selector, text: str
) -> None:
    assert calls(shop.plan(text, "pt-BR")) == []
