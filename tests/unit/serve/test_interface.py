"""config.json's body: what the chat interface is told of the agent."""

from __future__ import annotations

from stalwart_agents.desk import Desk
from stalwart_agents.serve._interface import interface_config


async def test_the_interface_is_told_what_the_agent_can_do(desk: Desk) -> None:
    shown = await interface_config(desk)
    assert (shown["name"], shown["contact"], shown["language"]) == (
        "shop",
        "help@shop.example",
        "en",
    )
    charge_card = next(c for c in shown["capabilities"] if c["tool"] == "charge_card")
    assert (charge_card["asks_first"], charge_card["description"]) == (
        True,
        "Charge the customer's card.",
    )
