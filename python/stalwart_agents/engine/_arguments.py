"""A call's arguments as they are when it is checked: given, answered, looked up, computed."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from stalwart_agents._generated.enums import Kind, Origin
from stalwart_agents.config import dig
from stalwart_agents.engine._ledger import Ledger
from stalwart_agents.errors import CallSkipped, ToolFailed
from stalwart_agents.plan import Value
from stalwart_agents.rules import ExpressionError
from stalwart_agents.store import PauseState, StepStatus
from stalwart_agents.tools import Tool, coerce
from stalwart_agents.wording import value_problem

__all__ = ["Missing", "resolve"]


@dataclass(frozen=True)
class Missing:
    """A required argument the run must ask for, with why when a value was there but wrong."""

    name: str
    type: str
    problem: str | None = None
    question: str | None = None
    """The tool's own question, when the tool asked."""


def _given(step: int, tool: Tool, raw: Mapping[str, Any]) -> dict[str, Value]:
    args: dict[str, Value] = {}
    for name, value in raw.items():
        if name not in tool.spec.arguments:
            raise ToolFailed(step, tool.name, f"{tool.name} has no argument {name!r}.")
        held = value if isinstance(value, Value) else Value(value=value, origin=Origin.COMPUTED)
        if held.value is not None:
            args[name] = held
    return args


def _from_result(ledger: Ledger, step: int, tool: Tool, source: str) -> Value | None:
    """The latest earlier result of a tool; a skipped one skips this call too."""
    _, producer, *path = source.split(".")
    for earlier in sorted(ledger.journal, reverse=True):
        entry = ledger.journal[earlier]
        if earlier >= step or entry["tool"] != producer:
            continue
        if entry["status"] == StepStatus.SKIPPED:
            raise CallSkipped(step, tool.name, producer)
        if entry["status"] == StepStatus.DONE:
            found = dig(entry["result"], path)
            return (
                None if found is None else Value(value=found, origin=f"{Origin.RESULT}:{earlier}")
            )
    return None


def resolve(
    ledger: Ledger, step: int, tool: Tool, raw: Mapping[str, Any], context: Mapping[str, Any]
) -> tuple[dict[str, Value], list[Missing]]:
    """The call's arguments in the tool's declared order, and the required ones still missing.

    Raises CallSkipped when a value it needs came from a skipped call, and ToolFailed for an
    argument the tool does not have.
    """
    args = _given(step, tool, raw)
    _refuse_skipped_sources(ledger, step, tool, args)
    for pause in ledger.pauses_at(step, Kind.ASK):
        if pause["state"] == PauseState.ANSWERED and pause["interrupt"].get("argument"):
            args[pause["interrupt"]["argument"]] = Value(value=pause["value"], origin=Origin.REPLY)
    _add_sourced(ledger, step, tool, args, context)
    missing = _coerced(ledger, tool, args)
    missing.extend(
        Missing(name, spec.type)
        for name, spec in tool.spec.arguments.items()
        if spec.required
        and spec.computed is None
        and name not in args
        and all(m.name != name for m in missing)
    )
    if not missing:
        _add_computed(step, tool, args, context)
    order = list(tool.spec.arguments)
    missing.sort(key=lambda item: order.index(item.name))
    return dict(sorted(args.items(), key=lambda item: order.index(item[0]))), missing


def _refuse_skipped_sources(
    ledger: Ledger, step: int, tool: Tool, args: Mapping[str, Value]
) -> None:
    """Raise CallSkipped when a value comes from a call that was skipped."""
    for value in args.values():
        if value.origin.startswith(f"{Origin.RESULT}:"):
            source = ledger.entry(int(value.origin.split(":", 1)[1]))
            if source is not None and source["status"] == StepStatus.SKIPPED:
                raise CallSkipped(step, tool.name, source["tool"])


def _add_sourced(
    ledger: Ledger, step: int, tool: Tool, args: dict[str, Value], context: Mapping[str, Any]
) -> None:
    """Add the arguments the tool takes `from` the context or an earlier call's result."""
    for name, spec in tool.spec.arguments.items():
        if spec.from_ is None:
            continue
        if spec.from_.startswith("context."):
            # The context always wins over typed text: no turn names the signed-in customer
            # or card. (A model's value stays for the check and the rules to judge.)
            if name in args and args[name].origin == Origin.TYPED:
                del args[name]
            if name in args:
                continue
            key = spec.from_.split(".", 1)[1]
            if context.get(key) is not None:
                args[name] = Value(value=context[key], origin=Origin.CONTEXT)
        elif name not in args:
            found = _from_result(ledger, step, tool, spec.from_)
            if found is not None:
                args[name] = found


def _coerced(ledger: Ledger, tool: Tool, args: dict[str, Value]) -> list[Missing]:
    """Make each argument its type; one that is not is taken out and asked for again."""
    missing: list[Missing] = []
    for name, value in list(args.items()):
        try:
            args[name] = Value(
                value=coerce(tool.spec.arguments[name].type, value.value), origin=value.origin
            )
        except ValueError as error:
            del args[name]
            kind = tool.spec.arguments[name].type
            problem = value_problem(kind, value.value, error, ledger.language)
            missing.append(Missing(name, kind, problem))
    return missing


def _add_computed(
    step: int, tool: Tool, args: dict[str, Value], context: Mapping[str, Any]
) -> None:
    """Add the computed arguments in order, each seeing those before; ToolFailed when one fails."""
    plain = {name: value.value for name, value in args.items()}
    for name, spec in tool.spec.arguments.items():
        if spec.computed is None or name in args:
            continue
        try:
            computed = spec.computed.evaluate({"args": plain, "context": dict(context)})
            args[name] = Value(value=coerce(spec.type, computed), origin=Origin.COMPUTED)
        except (ExpressionError, ValueError) as error:
            raise ToolFailed(
                step, tool.name, f"its argument {name!r} could not be computed: {error}"
            ) from None
        plain[name] = args[name].value
