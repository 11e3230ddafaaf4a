"""Asking to check whether something is so reads as the question ("vê pra mim se o pedido 7312
já foi enviado", "confere se o 7312 tá pago"), and courtesy inside a polite frame is read past
with it ("queria pedir, por favor, que você reabrisse o 7312")."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        (
            "vê pra mim se o pedido 7312 já foi enviado",
            "pt-BR",
            ("find_order", {"order_id": "7312"}),
        ),
        ("confere se o 7312 tá pago", "pt-BR", ("find_order", {"order_id": "7312"})),
        (
            "por favor, olha se o pedido 7312 ainda tá em aberto",
            "pt-BR",
            ("find_order", {"order_id": "7312"}),
        ),
        (
            "vc consegue ver se o pedido 7312 foi entregue?",
            "pt-BR",
            ("find_order", {"order_id": "7312"}),
        ),
        (
            "queria pedir, por favor, que você reabrisse o pedido 7312",
            "pt-BR",
            ("reopen_order", {"order_id": "7312"}),
        ),
        (
            "queria pedir por favor q vc cancelasse o 7312",
            "pt-BR",
            ("cancel_order", {"order_id": "7312"}),
        ),
        (
            "please could you see whether 7312 has been paid",
            "en",
            ("find_order", {"order_id": "7312"}),
        ),
    ],
)
def test_a_check_whether_frame_reads_the_question(
    shop: Selector, text: str, language: str, expected: tuple[str, dict[str, object]]
) -> None:
    assert calls(shop.plan(text, language)) == [expected]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("vê se cancela o 7312", "pt-BR"),
        ("vê se o cliente disse que pagou o 7312", "pt-BR"),
        ("confere se o 7312 não foi pago", "pt-BR"),
        ("queria pedir por favor q vc não cancelasse o 7312", "pt-BR"),
    ],
)
def test_after_a_check_whether_frame_only_a_question_reads(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == []
