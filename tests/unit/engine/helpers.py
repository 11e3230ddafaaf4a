"""Plans as a selector would make them, and a model at the edge, for the engine's tests."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from stalwart_agents.model import ModelAnswer, ToolSchema
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


class FakeModel:
    """A model provider at the edge: proposes the calls it was given, and records what it saw."""

    def __init__(self, calls: list[Call] | Exception) -> None:
        self.calls = calls
        self.seen: list[tuple[str, list[str], str]] = []

    async def propose(self, text: str, tools: Sequence[ToolSchema], language: str) -> ModelAnswer:
        self.seen.append((text, [tool.name for tool in tools], language))
        if isinstance(self.calls, Exception):
            raise self.calls
        return ModelAnswer(calls=self.calls)
