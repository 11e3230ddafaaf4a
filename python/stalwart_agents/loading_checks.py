"""The agent file's cross-checks of rule arguments, undo: and facts: calls, preconditions and
expiry answers: what the schema alone cannot see, each problem with its fix."""

from __future__ import annotations

import difflib
from collections.abc import Iterator

from stalwart_agents._generated.enums import Kind
from stalwart_agents.config import (
    AgentFile,
    ExpiresSpec,
    FactsSpec,
    ToolSpec,
    UndoSpec,
    expiry_refusal,
)
from stalwart_agents.rules import Expression

__all__ = ["expiry_answers", "mapped_call", "matches", "preconditions", "rule_arguments"]


def rule_arguments(spec: AgentFile) -> Iterator[tuple[tuple[str | int, ...], str, str]]:
    """A rule or a computed argument may read only arguments its tools have: `args["txt"]` for
    `text` would be a rule that never holds, and nothing would say so."""
    expressions: list[tuple[tuple[str | int, ...], Expression, frozenset[str] | None]] = [
        (("rules", section, index, "when"), rule.when, None)
        for section in type(spec.rules).model_fields
        for index, rule in enumerate(getattr(spec.rules, section))
    ]
    expressions += [
        (("tools", name, "arguments", arg, "computed"), argument.computed, frozenset({name}))
        for name, tool in spec.tools.items()
        for arg, argument in tool.arguments.items()
        if argument.computed is not None
    ]
    for key, expression, own in expressions:
        for read, scope in expression.argument_reads():
            tools = sorted((own or scope or frozenset(spec.tools)) & set(spec.tools))
            having = {arg for tool in tools for arg in spec.tools[tool].arguments}
            if not tools or read in having:
                continue
            if scope is None and own is None:
                yield (
                    key,
                    f"the rule reads args[{read!r}], which no tool has as an argument.",
                    (
                        "name an argument one of the tools has, and keep the rule to its tool "
                        'with tool == "<tool>" and ….'
                    ),
                )
                continue
            arguments = ", ".join(a for tool in tools for a in spec.tools[tool].arguments)
            names = " or ".join(tools)
            close = difflib.get_close_matches(read, sorted(having), n=1)
            hint = f"write args[{close[0]!r}], or name" if close else "name"
            yield (
                key,
                f"the rule reads args[{read!r}], which is no argument of {names} "
                f"(its arguments: {arguments}).",
                f"{hint} an argument {names} has.",
            )


def mapped_call(
    spec: AgentFile, name: str, key: str, mapped: UndoSpec | FactsSpec
) -> Iterator[tuple[tuple[str | int, ...], str, str]]:
    """An undo: or facts: names a tool, and fills its arguments from this one's (`call.<arg>`)."""
    tool = spec.tools[name]
    other = spec.tools.get(mapped.tool)
    if other is None:
        yield (
            ("tools", name, key, "tool"),
            f"no tool is named {mapped.tool!r}.",
            f"name one of the tools: {', '.join(spec.tools)}.",
        )
        return
    if key == "facts" and other.write:
        yield (
            ("tools", name, key, "tool"),
            f"{mapped.tool} writes; facts are read before a person answers.",
            "name a tool without write: true.",
        )
    for arg, ref in mapped.args.items():
        if arg not in other.arguments:
            yield (
                ("tools", name, key, "args", arg),
                f"{mapped.tool} has no argument {arg!r}.",
                f"name one of {mapped.tool}'s arguments: {', '.join(other.arguments)}.",
            )
        source, _, read = ref.partition(".")
        if source == "call" and read not in tool.arguments:
            yield (
                ("tools", name, key, "args", arg),
                f"{name} has no argument {read!r}.",
                f"read one of {name}'s arguments: {', '.join(tool.arguments)}.",
            )
    for arg, argument in other.arguments.items():
        filled = argument.from_ or argument.computed or not argument.required
        if not filled and arg not in mapped.args:
            reads = "call.<argument>" if key == "facts" else "call.<argument>` or `result.<key>"
            yield (
                ("tools", name, key, "args"),
                f"the {key} {mapped.tool} needs its argument {arg!r}.",
                f"add `{arg}: {reads}` under {key}.args.",
            )


def matches(
    spec: AgentFile, name: str, facts: FactsSpec
) -> Iterator[tuple[tuple[str | int, ...], str, str]]:
    """facts.matches pairs an argument of the call with a labelled key of the read's result."""
    reader = spec.tools.get(facts.tool)
    for arg, key in facts.matches.items():
        if arg not in spec.tools[name].arguments:
            yield (
                ("tools", name, "facts", "matches", arg),
                f"{name} has no argument {arg!r}.",
                f"name one of {name}'s arguments: {', '.join(spec.tools[name].arguments)}.",
            )
        if reader is not None and key not in reader.result:
            yield (
                ("tools", name, "facts", "matches", arg),
                f"{facts.tool}'s result: has no key {key!r}.",
                f"name one of the keys under {facts.tool}'s result: {', '.join(reader.result)}.",
            )


def preconditions(name: str, tool: ToolSpec) -> Iterator[tuple[tuple[str | int, ...], str, str]]:
    """Preconditions read facts, so they need a fact read; each has its own id."""
    seen: set[str] = set()
    for index, condition in enumerate(tool.preconditions):
        if tool.facts is None and "facts" in condition.holds.source:
            yield (
                ("tools", name, "preconditions", index, "holds"),
                f"the precondition {condition.id!r} reads facts, and {name} has no facts:.",
                "add `facts: {tool: <a read tool>, args: {...}}` to the tool.",
            )
        if condition.id in seen:
            yield (
                ("tools", name, "preconditions", index, "id"),
                f"another precondition of {name} has the id {condition.id!r}.",
                "give each precondition an id of its own.",
            )
        seen.add(condition.id)
        if condition.ask is not None and condition.ask not in tool.arguments:
            yield (
                ("tools", name, "preconditions", index, "ask"),
                f"{name} has no argument {condition.ask!r} to ask again.",
                f"name one of {name}'s arguments: {', '.join(tool.arguments)}.",
            )


def expiry_answers(spec: AgentFile) -> Iterator[tuple[tuple[str | int, ...], str, str]]:
    """An expired pause's answer must be one its kind takes, and one that sends nothing."""
    given: list[tuple[tuple[str | int, ...], str, ExpiresSpec]] = [
        (("tools", name, "expires", "answer"), Kind.CONFIRM, tool.expires)
        for name, tool in spec.tools.items()
        if tool.expires is not None
    ]
    given += [
        (("expires", kind, "answer"), kind, expires) for kind, expires in spec.expires.items()
    ]
    for loc, kind, expires in given:
        refusal = expiry_refusal(kind, expires.answer)
        if refusal is not None:
            yield loc, *refusal
