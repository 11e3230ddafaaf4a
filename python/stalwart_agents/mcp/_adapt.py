"""An MCP tool as a tool of the agent file: arguments from its input schema, facts from its hints.

The agent file may only make a tool stricter than its server's annotations say, never looser, so
a server cannot declare its way out of a card (docs/mcp.md). Absent hints read as MCP's defaults:
a write, destructive, not idempotent, open-world.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from mcp import types

from stalwart_agents._generated.enums import ArgumentType
from stalwart_agents.config import AgentFile, ArgumentSpec, ToolSpec, UndoSpec
from stalwart_agents.server_spec import KEY_ARGUMENT, ToolHints

__all__ = ["Problem", "adapt"]

Problem = tuple[tuple[str | int, ...], str, str]
"""Where in the file, what is wrong, and the fix: as loading's cross-checks give them."""

_TYPES: Final = {
    "string": ArgumentType.STRING,
    "integer": ArgumentType.INTEGER,
    "number": ArgumentType.NUMBER,
    "boolean": ArgumentType.BOOLEAN,
}


def _type(schema: Mapping[str, Any]) -> tuple[str | None, bool]:
    """The argument type of a property's schema, and whether it takes null (so is optional)."""
    options: list[Any] = list(schema.get("anyOf") or [schema])
    kinds: list[Any] = []
    for option in options:
        kind = option.get("type") if isinstance(option, Mapping) else None
        kinds += kind if isinstance(kind, list) else [kind]
    nullable = "null" in kinds
    named = [kind for kind in kinds if kind != "null"]
    if len(named) != 1 or named[0] not in _TYPES:
        return None, nullable
    if named[0] == "string" and any(
        isinstance(o, Mapping) and o.get("format") == "date" for o in options
    ):
        return ArgumentType.DATE, nullable
    return _TYPES[named[0]], nullable


def _arguments(
    name: str, server: str, listed: types.Tool, declared: Mapping[str, ArgumentSpec]
) -> tuple[dict[str, ArgumentSpec], list[Problem]]:
    """The tool's arguments from its input schema, each overridden by the file's own entry."""
    properties = listed.input_schema.get("properties") or {}
    required = set(listed.input_schema.get("required") or ())
    arguments: dict[str, ArgumentSpec] = {}
    problems: list[Problem] = []
    for arg, schema in properties.items():
        if arg == KEY_ARGUMENT:
            continue
        kind, nullable = _type(schema if isinstance(schema, Mapping) else {})
        own = declared[arg].model_dump(exclude_unset=True, by_alias=True) if arg in declared else {}
        if kind is None and "type" not in own:
            problems.append(
                (
                    ("tools", name, "server"),
                    f"the {server} server's {listed.name} takes {arg!r} as "
                    f"{schema.get('type', 'a value')}, which a card cannot show.",
                    f"declare {arg} under tools.{name}.arguments with a type (string, integer, "
                    "number, boolean or date), or give the tool plain arguments.",
                )
            )
        else:
            # The file's own keys (a label, a question, where it comes from) win over the schema's.
            given: dict[str, Any] = {"type": kind, "required": arg in required and not nullable}
            if isinstance(schema.get("description"), str):
                given["description"] = schema["description"]
            arguments[arg] = ArgumentSpec.model_validate({**given, **own})
    for arg in declared:
        if arg not in properties:
            problems.append(
                (
                    ("tools", name, "arguments", arg),
                    f"the {server} server's {listed.name} takes no argument {arg!r}.",
                    f"name one of its arguments: {', '.join(properties) or 'it takes none'}.",
                )
            )
    return arguments, problems


def _adapt_tool(
    spec: AgentFile, name: str, tool: ToolSpec, listed: types.Tool
) -> tuple[ToolSpec, list[Problem]]:
    """One tool with its server's facts merged in, and what the file tried to loosen."""
    server = str(tool.server)
    hints = listed.annotations or types.ToolAnnotations()
    given = tool.model_fields_set
    write_hint = hints.read_only_hint is not True
    destructive = write_hint and hints.destructive_hint is not False
    # A server that says nothing of destruction is taken at its word where the team wrote an undo.
    irreversible_hint = destructive and (hints.destructive_hint is True or tool.undo is None)
    open_world = hints.open_world_hint is not False
    idempotent_hint = hints.idempotent_hint is True
    problems: list[Problem] = []

    def looser(key: str, problem: str) -> None:
        problems.append(
            (
                ("tools", name, key),
                f"the {server} server {problem}, and the agent file may only make a tool "
                "stricter than its server says.",
                f"remove {key}: here, or change the server's annotation.",
            )
        )

    if "write" in given and not tool.write and write_hint:
        looser("write", f"does not mark {listed.name} as read-only (readOnlyHint)")
    if "irreversible" in given and not tool.irreversible and irreversible_hint:
        looser("irreversible", f"marks {listed.name} as not undoable (destructiveHint)")
    if "untrusted" in given and not tool.untrusted and open_world:
        looser("untrusted", f"marks what {listed.name} returns as from outside (openWorldHint)")
    if tool.idempotent and not idempotent_hint:
        looser("idempotent", f"does not mark {listed.name} as safe to send twice (idempotentHint)")
    if tool.undo is not None and hints.destructive_hint is True:
        problems.append(
            (
                ("tools", name, "undo"),
                f"the {server} server marks {listed.name} as not undoable (destructiveHint), "
                "so it cannot have an undo.",
                "remove undo:.",
            )
        )
    arguments, wrong = _arguments(name, server, listed, tool.arguments)
    untrusted_hint = open_world or spec.servers[server].untrusted
    facts = ToolHints(
        server=server,
        write=write_hint and not tool.write,
        irreversible=irreversible_hint and not tool.irreversible,
        untrusted=open_world and not tool.untrusted,
        key_argument=KEY_ARGUMENT in (listed.input_schema.get("properties") or {}),
        name=listed.name,
        read=tuple(
            f"{field.alias or key}: {str(value).lower()}"
            for key, field in types.ToolAnnotations.model_fields.items()
            if key != "title" and (value := getattr(hints, key)) is not None
        ),
    )
    merged = tool.hinted(
        facts,
        title=tool.title or listed.title or hints.title,
        description=tool.description or listed.description or "",
        arguments=arguments,
        write=tool.write or write_hint,
        irreversible=tool.irreversible or irreversible_hint,
        untrusted=tool.untrusted or untrusted_hint,
        idempotent=tool.idempotent if "idempotent" in given else idempotent_hint,
    )
    return merged, problems + wrong


def _undo_tool(tools: dict[str, ToolSpec], undo: UndoSpec) -> tuple[str, ToolSpec | None]:
    """The agent tool an undo on a server names: the file's own, or a new one of that name."""
    for name, tool in tools.items():
        if tool.server == undo.server and (tool.tool or name) == undo.tool:
            return name, None
    return undo.tool, ToolSpec(server=undo.server, tool=undo.tool)


def adapt(
    spec: AgentFile, listed: Mapping[str, list[types.Tool]]
) -> tuple[AgentFile, list[Problem]]:
    """The file with each MCP tool made whole from the tools its server listed."""
    tools = dict(spec.tools)
    problems: list[Problem] = []
    for name, tool in spec.tools.items():
        if tool.undo is not None and tool.undo.server is not None:
            undo_name, added = _undo_tool(tools, tool.undo)
            if added is not None and undo_name in tools:
                problems.append(
                    (
                        ("tools", name, "undo", "tool"),
                        f"a tool named {undo_name!r} is in the file already, on another server.",
                        f"declare the undo under tools: with server: {tool.undo.server}, and "
                        "name it in undo.tool without server:.",
                    )
                )
                continue
            if added is not None:
                tools[undo_name] = added
            undo = UndoSpec(tool=undo_name, args=tool.undo.args)
            tools[name] = tool.model_copy(update={"undo": undo})
    for name, tool in list(tools.items()):
        if tool.server is None or tool.server not in listed:
            continue
        wanted = tool.tool or name
        found = next((item for item in listed[tool.server] if item.name == wanted), None)
        if found is None:
            offered = ", ".join(item.name for item in listed[tool.server]) or "none"
            problems.append(
                (
                    ("tools", name, "tool" if tool.tool else "server"),
                    f"the {tool.server} server has no tool {wanted!r}.",
                    f"name one of its tools: {offered}.",
                )
            )
            continue
        tools[name], wrong = _adapt_tool(spec, name, tool, found)
        problems += wrong
    merged = spec.model_copy(update={"tools": tools})
    return merged, problems
