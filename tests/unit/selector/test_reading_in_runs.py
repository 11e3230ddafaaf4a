"""What the reader plans, run by the real Desk on the shop: an ask for what the turn left out,
and context that no typed text can replace."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from stalwart_agents.desk import Desk
from stalwart_agents.errors import ConfigError
from stalwart_agents.loading import load_agent_file
from stalwart_agents.plan import Call, Plan, Value

from .helpers import SHOP_VOCABULARY, SIGNED_IN

SHOP_DIR = SHOP_VOCABULARY.parent


async def test_a_charge_without_an_amount_plans_and_the_run_asks_for_it(desk: Desk) -> None:
    reply = await desk.turn("t-1", "charge order 4411", context=SIGNED_IN)

    (asked,) = [pause for pause in reply.waiting]
    assert (asked.kind, asked.argument, asked.question) == (
        "ask",
        "amount",
        "How much should I charge?",
    )
    reply = await desk.answer("t-1", "answer", 40)
    (confirm,) = [pause for pause in reply.waiting]
    shown = {a.name: (a.value, a.origin) for a in confirm.arguments}
    assert shown["amount"] == (40, "reply")
    assert shown["order_id"] == ("4411", "typed")


async def test_a_pt_br_charge_without_an_amount_asks_for_it_too(desk: Desk) -> None:
    reply = await desk.turn("t-1", "cobre o pedido 4411", context=SIGNED_IN, language="pt-BR")

    assert [(p.kind, p.argument) for p in reply.waiting] == [("ask", "amount")]


async def test_the_context_wins_over_a_typed_card_and_customer(desk: Desk) -> None:
    typed = {"amount": 40, "order_id": "4411", "card": "visa-9999", "customer": "c-999"}
    call = Call(
        tool="charge_card",
        args={name: Value(value=value, origin="typed") for name, value in typed.items()},
    )
    plan = Plan(calls=(call,), text="charge 40 to order 4411 on card visa-9999 for c-999")

    reply = await desk.turn("t-1", plan, context=SIGNED_IN)

    (confirm,) = [pause for pause in reply.waiting]
    shown = {a.name: (a.value, a.origin) for a in confirm.arguments}
    assert shown["card"] == ("visa-0019", "context")
    assert shown["customer"] == ("c-208", "context")


# How the shop's vocabulary declares the order a charge reads.
ORDER_SLOT = '{type: identifier, example: "4411", after: {en: [order], pt-BR: [pedido]}}'


def test_a_vocabulary_slot_for_a_context_argument_is_refused_naming_both(
    tmp_path: Path,
) -> None:
    shop = tmp_path / "shop"
    shutil.copytree(SHOP_DIR, shop, ignore=shutil.ignore_patterns("*.db", "__pycache__"))
    vocabulary = shop / "vocabulary.yaml"
    text = vocabulary.read_text(encoding="utf-8")
    vocabulary.write_text(
        text.replace(
            f"      order_id: {ORDER_SLOT}\n    phrases:\n      en:\n"
            "        - (charge | bill) {amount} to the order {order_id}\n",
            f"      order_id: {ORDER_SLOT}\n"
            "      card: {type: identifier, example: visa-0019}\n    phrases:\n      en:\n"
            "        - (charge | bill) {amount} to the order {order_id}\n"
            "        - (charge | bill) {amount} to the order {order_id} on card {card}\n",
        ),
        encoding="utf-8",
    )

    with pytest.raises(ConfigError) as caught:
        load_agent_file(shop / "agent.yaml")

    message = str(caught.value)
    assert "'card' of charge_card" in message
    assert "context.card" in message
    assert "vocabulary.yaml line" in message
    assert caught.value.key == "tools.charge_card.arguments.card.from"
