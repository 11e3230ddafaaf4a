"""What the person has not done or does not know, said before the request, refuses nothing:
"haven't checked the inbox all day, what's in there?", "não sei quanto deu o 6317, vê pra mim",
"fiz o pedido 2546 no dia 3 de março, vc pode ver como tá?"; a negated act stays unplanned."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "plan"),
    [
        ("haven't checked the inbox all day, what's in there?", "en", ("read_inbox", {})),
        ("no idea what 1159 cost, look it up", "en", ("find_order", {"order_id": "1159"})),
        ("nao sei quanto deu o 6317, ve pra mim", "pt-BR", ("find_order", {"order_id": "6317"})),
        (
            "nem lembro quanto deu o pedido 1356, vê pra mim",
            "pt-BR",
            ("find_order", {"order_id": "1356"}),
        ),
        (
            "fiz o pedido 2546 no dia 3 de março, vc pode ver como tá?",
            "pt-BR",
            ("find_order", {"order_id": "2546"}),
        ),
    ],
)
def test_what_one_has_not_done_or_does_not_know_before_a_request_refuses_nothing(
    shop: Selector, text: str, language: str, plan: tuple[str, dict[str, object]]
) -> None:
    assert calls(shop.plan(text, language)) == [plan]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("if you could, what if I cancel 4412", "en"),
        ("haven't checked the inbox, don't read it", "en"),
        ("não sei se cancela o 4412", "pt-BR"),
        ("se puder, quando cancelar o 4412 me avisa", "pt-BR"),
    ],
)
def test_a_negation_or_a_supposition_after_them_still_plans_nothing(
    shop: Selector, text: str, language: str
) -> None:
    assert shop.plan(text, language).unread
