"""A question asked indirectly ("can you tell me whether order 5803 was paid?", "não sei se o 5803
foi pago, confere?") reads as the question itself; what follows such a frame is never read as a
request."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("can you tell me whether order 5803 was paid?", "en"),
        ("do you know if 5803 has shipped?", "en"),
        ("não sei se o pedido 5803 já foi pago, confere?", "pt-BR"),
        ("você sabe se o 5803 já saiu?", "pt-BR"),
        ("você sabe se o pedido 5803 já foi pago", "pt-BR"),
        ("me diz quanto ficou o pedido 5803", "pt-BR"),
        ("me fala como tá o pedido 5803?", "pt-BR"),
    ],
)
def test_an_indirect_question_about_an_order_looks_it_up(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == [("find_order", {"order_id": "5803"})]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("not sure if I should cancel order 5803", "en"),
        ("tell me if you cancel order 5803", "en"),
        ("not sure if order 5803 is paid, cancel it", "en"),
        ("do you know if I can cancel an order once it's paid?", "en"),
        ("não sei se cancela o pedido 5803", "pt-BR"),
        ("vc sabe se dá pra cancelar pedido pago?", "pt-BR"),
        ("não sei se o cliente disse que pagou o 5803", "pt-BR"),
        ("me diz cancela o pedido 5803", "pt-BR"),
        ("me conta que você cancelou o pedido 5803", "pt-BR"),
    ],
)
def test_what_follows_the_frame_is_never_a_request(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == []


@pytest.mark.parametrize(
    ("text", "language", "order"),
    [
        ("can't remember if 2618 went through, can you check?", "en", "2618"),
        ("não lembro se o 7069 foi pago, confere pra mim", "pt-BR", "7069"),
    ],
)
def test_not_remembering_a_fact_of_an_order_asks_about_it(
    shop: Selector, text: str, language: str, order: str
) -> None:
    assert calls(shop.plan(text, language)) == [("find_order", {"order_id": order})]
