"""Plans as a selector would make them, for the engine's tests."""

from __future__ import annotations

from typing import Any

from stalwart_agents.plan import Call, Plan, Value

CONTEXT = {"card": "visa-0019", "customer": "c-208"}


def plan(*calls: tuple[str, dict[str, Any]], origin: str = "typed", text: str = "") -> Plan:
    """A plan whose every argument has the same origin."""
    return Plan(
        calls=tuple(
            Call(tool=tool, args={name: Value(value=v, origin=origin) for name, v in args.items()})
            for tool, args in calls
        ),
        text=text,
    )


def charge(amount: Any = 40, order_id: str = "4411", origin: str = "typed") -> Plan:
    """The reference chapter's charge."""
    return plan(("charge_card", {"amount": amount, "order_id": order_id}), origin=origin)
