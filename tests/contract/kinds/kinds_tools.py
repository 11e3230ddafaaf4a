"""The kinds agent's tools: each makes the pause its test answers."""

from __future__ import annotations

from typing import Any

from stalwart_agents import Ask, OutcomeUnknown

__all__ = ["charge", "note", "refund", "ship"]


def charge(amount: float, order_id: str) -> dict[str, Any]:
    return {"charge_id": f"ch-{order_id}", "amount": amount}


def refund(charge_id: str) -> dict[str, Any]:
    raise RuntimeError(f"the bank is down; {charge_id} is not refunded")


def ship(order_id: str) -> dict[str, Any]:
    raise OutcomeUnknown(f"the carrier did not answer for {order_id}")


def note(order_id: str, text: str | None = None) -> dict[str, Any]:
    if text is None:
        raise Ask("text", "What should the note say?")
    return {"order_id": order_id, "note": text}
