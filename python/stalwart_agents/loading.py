"""Reading an agent file: its YAML into the schema, every problem at its line, the cross-checks."""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, Final

import yaml
from pydantic import ValidationError

from stalwart_agents.config import (
    AgentFile,
    AgentSpec,
    ToolSpec,
)
from stalwart_agents.errors import ConfigError
from stalwart_agents.loading_checks import (
    expiry_answers,
    mapped_call,
    matches,
    preconditions,
    rule_arguments,
)
from stalwart_agents.mcp import server_tools
from stalwart_agents.selector import Selector, Vocabulary, VocabularyError, declared_slots
from stalwart_agents.wording import template_problems
from stalwart_agents.yaml_loader import Loader

__all__ = ["agent_selector", "currencies", "load_agent_file", "read_agent_file"]


def _context_slots(
    spec: AgentFile, vocabulary: str
) -> Iterator[tuple[tuple[str | int, ...], str, str]]:
    """A vocabulary slot must not read an argument the context provides: the context wins."""
    for (tool, slot), line in declared_slots(spec.base_dir / vocabulary).items():
        argument = spec.tools[tool].arguments.get(slot) if tool in spec.tools else None
        if argument is not None and argument.from_ and argument.from_.startswith("context."):
            where = f"{vocabulary} line {line}" if line is not None else vocabulary
            yield (
                ("tools", tool, "arguments", slot, "from"),
                f"the vocabulary's slot {slot!r} of {tool} ({where}) would let a turn type "
                f"{slot!r}, which comes from {argument.from_}.",
                "remove the slot from the vocabulary; the context provides it.",
            )


def _files_folder(
    spec: AgentFile, agent: AgentSpec, index: int
) -> Iterator[tuple[tuple[str | int, ...], str, str]]:
    """`files:` names a folder, or a place one can be made: not a file, nor inside one."""
    folder = spec.files_folder(agent)
    existing = next((path for path in (folder, *folder.parents) if path.exists()), None)
    if existing is not None and not existing.is_dir():
        problem = (
            f"{agent.files!r} is the file {existing}, not a folder."
            if existing == folder
            else f"{agent.files!r} is inside {existing}, which is a file, not a folder."
        )
        yield (
            ("agents", index, "files"),
            problem,
            "name a folder for the saved files (it is made when the first is saved), "
            "or remove the key to use this computer's data folder.",
        )


Problem = tuple[tuple[str | int, ...], str, str]


def _cross_checks(spec: AgentFile) -> Iterator[Problem]:
    """What one field cannot see: references between tools, agents and rules, each with its fix."""
    tools = ", ".join(spec.tools) or "none yet"
    name_a_tool = f"name one of the tools: {tools}."
    yield from _agent_problems(spec, name_a_tool)
    for name, tool in spec.tools.items():
        yield from _argument_problems(spec, name, tool, name_a_tool)
        yield from _undo_problems(spec, name, tool)
    for name, tool in spec.tools.items():
        if tool.facts is not None:
            yield from mapped_call(spec, name, "facts", tool.facts)
            yield from matches(spec, name, tool.facts)
        yield from preconditions(name, tool)
    yield from expiry_answers(spec)
    yield from rule_arguments(spec)
    yield from template_problems(spec)
    yield from _rule_problems(spec)
    yield from _schedule_problems(spec)


def _agent_problems(spec: AgentFile, name_a_tool: str) -> Iterator[Problem]:
    """Each agent's name, tools, groups, vocabulary and files folder against the rest."""
    seen_agents: set[str] = set()
    for index, agent in enumerate(spec.agents):
        if agent.name in seen_agents:
            yield (
                ("agents", index, "name"),
                f"another agent is already named {agent.name!r}.",
                "give each agent a name of its own.",
            )
        seen_agents.add(agent.name)
        for position, named in enumerate(agent.tools or ()):
            if named not in spec.tools:
                yield (
                    ("agents", index, "tools", position),
                    f"no tool is named {named!r}.",
                    name_a_tool,
                )
        for group in agent.groups:
            if not any(tool.group == group for tool in spec.tools.values()):
                yield (
                    ("agents", index, "groups", group),
                    f"no tool is in the group {group!r}.",
                    f"put a tool in it with `group: {group}`, or remove the group.",
                )
        if agent.vocabulary is not None and not (spec.base_dir / agent.vocabulary).is_file():
            yield (
                ("agents", index, "vocabulary"),
                f"the file {agent.vocabulary!r} does not exist.",
                "name a vocabulary file beside agent.yaml, or remove the key.",
            )
        elif agent.vocabulary is not None:
            yield from _context_slots(spec, agent.vocabulary)
        if agent.files is not None:
            yield from _files_folder(spec, agent, index)


def _argument_problems(
    spec: AgentFile, name: str, tool: ToolSpec, name_a_tool: str
) -> Iterator[Problem]:
    """A tool's arguments: one source each, and a result they come from of a tool there is."""
    for arg, argument in tool.arguments.items():
        if argument.from_ is not None and argument.computed is not None:
            yield (
                ("tools", name, "arguments", arg, "computed"),
                "an argument comes from one place: give from or computed, not both.",
                "remove from: or computed:.",
            )
        if argument.from_ and argument.from_.startswith("result."):
            source = argument.from_.split(".")[1]
            if source not in spec.tools:
                yield (
                    ("tools", name, "arguments", arg, "from"),
                    f"no tool is named {source!r}.",
                    name_a_tool,
                )


def _undo_problems(spec: AgentFile, name: str, tool: ToolSpec) -> Iterator[Problem]:
    """A tool's undo: only a reversible write has one, and its call maps onto a tool."""
    if tool.undo is None:
        return
    if tool.irreversible:
        yield (
            ("tools", name, "undo"),
            "an irreversible tool cannot have an undo.",
            "remove undo:, or irreversible: true.",
        )
    if not tool.write:
        yield (
            ("tools", name, "undo"),
            "only a tool that writes has an undo.",
            "add write: true to the tool, or remove undo:.",
        )
    yield from mapped_call(spec, name, "undo", tool.undo)


def _rule_problems(spec: AgentFile) -> Iterator[Problem]:
    """Refuse rules with an id another already has."""
    seen_rules: set[str] = set()
    for index, rule in enumerate(spec.rules.refuse):
        if rule.id in seen_rules:
            yield (
                ("rules", "refuse", index, "id"),
                f"another refuse rule has the id {rule.id!r}.",
                "give each refuse rule an id of its own.",
            )
        seen_rules.add(rule.id)


def _schedule_problems(spec: AgentFile) -> Iterator[Problem]:
    """Schedules naming an agent the file does not have."""
    agents = {agent.name for agent in spec.agents}
    for index, schedule in enumerate(spec.schedules):
        if schedule.agent is not None and schedule.agent not in agents:
            yield (
                ("schedules", index, "agent"),
                f"no agent is named {schedule.agent!r}.",
                f"name one of the agents: {', '.join(agents)}.",
            )


def _with_servers(spec: AgentFile) -> tuple[AgentFile, list[Problem]]:
    """The file with its MCP tools read from their servers, and what stops that."""
    problems: list[Problem] = []
    for name, tool in spec.tools.items():
        named = (
            (("tools", name, "server"), tool.server),
            (("tools", name, "undo", "server"), tool.undo.server if tool.undo else None),
        )
        for where, reference in named:
            if reference is not None and reference not in spec.servers:
                problems.append(
                    (
                        where,
                        f"no MCP server is named {reference!r}.",
                        f"name one under servers: ({', '.join(spec.servers) or 'none yet'}).",
                    )
                )
    merged, unread = server_tools(spec)
    return merged, problems + unread


def load_agent_file(path: str | Path) -> AgentFile:
    """Read, validate and cross-check an agent file; a problem raises ConfigError with its line."""
    spec, problems = read_agent_file(path)
    if problems:
        raise problems[0]
    assert spec is not None
    return spec


def read_agent_file(path: str | Path) -> tuple[AgentFile | None, list[ConfigError]]:
    """The agent file and every problem in it, so `stalwart check` can show them all at once."""
    file = Path(path)
    name = str(file)
    try:
        text = file.read_text(encoding="utf-8")
    except OSError as error:
        problem = f"the file cannot be read: {error.strerror}."
        return None, [ConfigError(name, None, None, problem, fix="name an agent.yaml that exists.")]
    loader = Loader(text)
    try:
        root = loader.get_single_node()
        data = loader.construct_document(root) if root is not None else None
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        problem = getattr(error, "problem", None) or str(error)
        fix = "correct the YAML there: indent with spaces, and quote a value holding ': ' or '#'."
        return None, [ConfigError(name, mark.line + 1 if mark else None, None, f"{problem}.", fix)]
    finally:
        loader.dispose()
    if root is None or not isinstance(data, dict):
        fix = "start the file with `agents:` and a list of agents, as `stalwart init` writes it."
        return None, [
            ConfigError(name, 1, None, "the file must be a mapping with an agents: list.", fix)
        ]
    duplicates = list(_duplicate_keys(name, root, ()))
    try:
        spec = AgentFile.model_validate({**data, "path": file.resolve()})
    except ValidationError as error:
        errors = error.errors()
        # A list whose item is wrong is also reported empty; the item's own error says enough.
        deepest = [
            e
            for e in errors
            if not any(
                len(o["loc"]) > len(e["loc"]) and o["loc"][: len(e["loc"])] == e["loc"]
                for o in errors
            )
        ]
        return None, [
            *duplicates,
            *(ConfigError(name, *_locate(root, tuple(e["loc"])), *_problem(e)) for e in deepest),
        ]
    spec, found = _with_servers(spec)
    problems = [
        *duplicates,
        *(
            ConfigError(name, *_locate(root, loc), problem, fix)
            for loc, problem, fix in (*found, *(() if found else _cross_checks(spec)))
        ),
    ]
    spec._lines = dict(_lines(root, ()))
    return spec, problems


def _lines(node: yaml.Node, path: tuple[str | int, ...]) -> Iterator[tuple[str, int]]:
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            here = (*path, key.value)
            yield _key_path(here), key.start_mark.line + 1
            yield from _lines(value, here)
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            here = (*path, index)
            yield _key_path(here), item.start_mark.line + 1
            yield from _lines(item, here)


def _duplicate_keys(
    name: str, node: yaml.Node, path: tuple[str | int, ...]
) -> Iterator[ConfigError]:
    if isinstance(node, yaml.MappingNode):
        seen: set[str] = set()
        for key, value in node.value:
            if key.value in seen:
                yield ConfigError(
                    name,
                    key.start_mark.line + 1,
                    _key_path((*path, key.value)),
                    "a duplicate key.",
                    "keep one of the two; YAML would silently use the last.",
                )
            seen.add(key.value)
            yield from _duplicate_keys(name, value, (*path, key.value))
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            yield from _duplicate_keys(name, item, (*path, index))


def _locate(root: yaml.Node, loc: tuple[str | int, ...]) -> tuple[int, str]:
    """The line of the deepest node the path reaches, and the path as a person reads it."""
    node = root
    line = root.start_mark.line + 1
    for part in loc:
        if isinstance(node, yaml.MappingNode):
            match = next(((k, v) for k, v in node.value if k.value == str(part)), None)
            if match is None:
                break
            line = match[0].start_mark.line + 1
            node = match[1]
        elif isinstance(node, yaml.SequenceNode) and isinstance(part, int):
            if part >= len(node.value):
                break
            node = node.value[part]
            line = node.start_mark.line + 1
        else:
            break
    return line, _key_path(loc)


def _key_path(loc: tuple[str | int, ...]) -> str:
    text = ""
    for part in loc:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            text += f".{part}" if text else str(part)
    return text


def _problem(error: Any) -> tuple[str, str]:
    """What is wrong with one schema error, and what a person does about it."""
    kind = error["type"]
    key = error["loc"][-1] if error["loc"] else ""
    if kind == "extra_forbidden":
        fix = f"remove {key!r} or correct its spelling; docs/agent-yaml.md lists the keys."
        return f"{key!r} is not a key here.", fix
    if kind == "missing":
        return f"the key {key!r} is required.", f"add {key}: under this entry."
    message = str(error["msg"]).removeprefix("Value error, ")
    fix = f"give {key} a value as docs/agent-yaml.md describes." if key else _DOCS
    return (message if message.endswith(".") else f"{message}."), fix


_DOCS: Final = "see docs/agent-yaml.md."


def currencies(spec: AgentFile, names: Iterable[str]) -> dict[str, dict[str, str]]:
    """Each named tool's money arguments and their currencies, which its turns may write."""
    found: dict[str, dict[str, str]] = {}
    for name in names:
        tool = spec.tools[name]
        money = {arg: code for arg in tool.arguments if (code := tool.money(arg)) is not None}
        if money:
            found[name] = money
    return found


def agent_selector(loaded: AgentFile, index: int, names: tuple[str, ...]) -> Selector | None:
    """The agent's selector, where it has a vocabulary; without one every turn is unread."""
    vocabulary_file = loaded.agents[index].vocabulary
    if vocabulary_file is None:
        return None
    path = loaded.base_dir / vocabulary_file
    arguments = tuple((name, tuple(loaded.tools[name].arguments)) for name in names)
    money = tuple(
        (name, tuple(sorted(found.items()))) for name, found in currencies(loaded, names).items()
    )
    try:
        stat = path.stat()
        version: tuple[int, int] | None = (stat.st_mtime_ns, stat.st_size)
    except OSError:
        version = None  # unreadable: loading it says why, at the file
    return _selector(path, version, arguments, loaded.undos(names), money)


@functools.lru_cache(maxsize=16)
def _selector(
    path: Path,
    version: tuple[int, int] | None,
    arguments: tuple[tuple[str, tuple[str, ...]], ...],
    undos: frozenset[str],
    money: tuple[tuple[str, tuple[tuple[str, str], ...]], ...],
) -> Selector:
    """Compiling a vocabulary takes about half a second and a selector only reads, so every desk
    on an unchanged file (same modification time and size) shares one."""
    try:
        vocabulary = Vocabulary.load(
            path,
            {name: list(names) for name, names in arguments},
            undos,
            {name: dict(found) for name, found in money},
        )
    except VocabularyError as error:
        raise ConfigError(error.path, error.line, error.key, error.problem) from None
    return Selector(vocabulary)
