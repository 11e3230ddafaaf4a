""" "Its" stands for the thing named before as "it" does ("charge 48 to order 1715 and save its
receipt"), and a read left without its object after a negated act ("não cancela o 2738, só
consulta") reads the thing that act named; the negated act is never planned."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "plan"),
    [
        (
            "charge 48 to order 1715 and save its receipt",
            "en",
            [
                ("charge_card", {"amount": 48, "order_id": "1715"}),
                ("save_receipt", {"order_id": "1715"}),
            ],
        ),
        (
            "look up 4206 then save its receipt",
            "en",
            [("find_order", {"order_id": "4206"}), ("save_receipt", {"order_id": "4206"})],
        ),
        ("não cancela o 2738, só consulta", "pt-BR", [("find_order", {"order_id": "2738"})]),
        ("não cancela o 5329 não, só olha ele", "pt-BR", [("find_order", {"order_id": "5329"})]),
        (
            "skip the refund on 6120, just show its details",
            "en",
            [("find_order", {"order_id": "6120"})],
        ),
        (
            "no need to charge order 6120, give me its total",
            "en",
            [("find_order", {"order_id": "6120"})],
        ),
        (
            "não precisa estornar o 6120, confere o andamento dele",
            "pt-BR",
            [("find_order", {"order_id": "6120"})],
        ),
        (
            "não cobra o 6120 ainda, só mostra o total dele",
            "pt-BR",
            [("find_order", {"order_id": "6120"})],
        ),
        (
            "não reabre o 6120, guarda o comprovante dele",
            "pt-BR",
            [("save_receipt", {"order_id": "6120"})],
        ),
    ],
)
def test_its_and_a_read_without_its_object_take_the_thing_named_before(
    shop: Selector, text: str, language: str, plan: list[tuple[str, dict[str, object]]]
) -> None:
    assert calls(shop.plan(text, language)) == plan


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("não cancela o 2738, só cancela", "pt-BR"),
        ("não sei se cancela o 4412", "pt-BR"),
        ("don't save its receipt", "en"),
        ("no need to cancel 6120, don't check its status either", "en"),
        ("if it ships late, check its status", "en"),
        ("she said to check its status, order 6120", "en"),
        ("não cancela o 6120, nem confere o status dele", "pt-BR"),
        ("não guarda o comprovante dele, o 6120", "pt-BR"),
        ("check its status", "en"),
        ("vê a situação dele", "pt-BR"),
    ],
)
def test_a_negated_act_stays_unplanned(shop: Selector, text: str, language: str) -> None:
    assert shop.plan(text, language).unread
