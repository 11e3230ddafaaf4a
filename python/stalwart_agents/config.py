"""The agent.yaml schema: validated whole at load, so a bad file stops everything with its line."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Annotated, Any, Final, Literal

import yaml
from croniter import croniter
from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    PrivateAttr,
    ValidationError,
    field_validator,
)

from stalwart_agents._generated.spec import ON_UNREAD, ORIGINS
from stalwart_agents.errors import ConfigError
from stalwart_agents.model import ModelSettings
from stalwart_agents.rules import CHECK_NAMES, COMPUTE_NAMES, Expression, ExpressionError
from stalwart_agents.selector import declared_slots

__all__ = [
    "ARGUMENT_TYPES",
    "AgentFile",
    "AgentSpec",
    "ArgumentSpec",
    "ConfirmRule",
    "RefuseRule",
    "Rules",
    "RunsSpec",
    "ScheduleSpec",
    "ShowsSpec",
    "ToolSpec",
    "UndoSpec",
    "dig",
    "load_agent_file",
    "read_agent_file",
]

ARGUMENT_TYPES: Final = ("string", "integer", "number", "boolean", "date")
# Origins a tool takes without a person unless its argument says otherwise (DESIGN: The check).
DEFAULT_ACCEPTS: Final = tuple(origin for origin in ORIGINS if origin not in ("model", "agent"))

_CALLABLE = re.compile(r"^[A-Za-z_][\w.]*:[A-Za-z_]\w*$")
# One key of a dotted path (`result.charge.id`); from:, undo: and shows: all read results so.
_KEY = r"\.[A-Za-z_]\w*"
_FROM = re.compile(rf"^(context{_KEY}|result({_KEY})+)$")
_UNDO_REF = re.compile(rf"^(call|result)({_KEY})+$")
# shows: may also name the whole result, for a tool that returns the list itself.
_SHOWN_REF = re.compile(rf"^result({_KEY})*$")


def dig(value: Any, keys: list[str]) -> Any:
    """What a dotted path's keys reach in a result; None where the path leads nowhere."""
    for key in keys:
        if not isinstance(value, dict) or key not in value:
            return None
        value = value[key]
    return value


def _expression(names: tuple[str, ...]) -> Any:
    def compile_it(value: Any) -> Expression:
        if isinstance(value, Expression):
            return value
        try:
            return Expression(value, names)
        except ExpressionError as error:
            raise ValueError(str(error)) from None

    return BeforeValidator(compile_it)


CheckExpression = Annotated[Expression, _expression(CHECK_NAMES)]
ComputeExpression = Annotated[Expression, _expression(COMPUTE_NAMES)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, arbitrary_types_allowed=True)


class ArgumentSpec(_Strict):
    """One typed argument: where it may come from, and whether a person must see its origin."""

    type: Literal["string", "integer", "number", "boolean", "date"] = "string"
    required: bool = True
    description: str = ""
    question: str | None = Field(default=None, description="What the ask pause says.")
    accepts: tuple[str, ...] = Field(
        default=DEFAULT_ACCEPTS,
        description="Origins taken without a person; any other asks (argument_origin).",
    )
    from_: str | None = Field(
        default=None, alias="from", description="context.<key> or result.<tool>.<key>"
    )
    computed: ComputeExpression | None = None

    @field_validator("accepts")
    @classmethod
    def _known_origins(cls, accepts: tuple[str, ...]) -> tuple[str, ...]:
        unknown = [origin for origin in accepts if origin not in ORIGINS]
        if unknown:
            raise ValueError(f"{unknown[0]!r} is not an origin; origins are {', '.join(ORIGINS)}.")
        return accepts

    @field_validator("from_")
    @classmethod
    def _from_shape(cls, source: str | None) -> str | None:
        if source is not None and not _FROM.match(source):
            raise ValueError(f"{source!r} must read context.<key> or result.<tool>.<key>.")
        return source


class UndoSpec(_Strict):
    """The compensation of a write: a tool, with arguments taken from the call and its result."""

    tool: str
    args: dict[str, str] = Field(default_factory=dict)

    @field_validator("args")
    @classmethod
    def _references(cls, args: dict[str, str]) -> dict[str, str]:
        for name, ref in args.items():
            if not isinstance(ref, str) or not _UNDO_REF.match(ref):
                raise ValueError(
                    f"the undo argument {name!r} must read call.<argument> or result.<key>, "
                    f"not {ref!r}."
                )
        return args


class ShowsSpec(_Strict):
    """What a reply shows from a tool's result besides its words, each a path into the result."""

    sources: str | None = Field(default=None, description="A list of {title, url} it cites.")
    images: str | None = Field(default=None, description="A list of {url, alt} it shows.")
    files: str | None = Field(default=None, description="A list of {name, url} it offers.")

    @field_validator("sources", "images", "files")
    @classmethod
    def _reference(cls, ref: str | None) -> str | None:
        if ref is not None and not _SHOWN_REF.match(ref):
            raise ValueError(f"{ref!r} must read result or result.<key>.")
        return ref

    def paths(self) -> dict[str, list[str]]:
        """Each kind it shows, and the keys that lead to it in the result (none: the result)."""
        given = {"sources": self.sources, "images": self.images, "files": self.files}
        return {kind: ref.split(".")[1:] for kind, ref in given.items() if ref is not None}


class ToolSpec(_Strict):
    """A tool the agent may call, and everything the check needs to know about it."""

    function: str = Field(description="module:function, sync or async")
    description: str = ""
    question: str | None = Field(default=None, description="The wording a confirmation shows.")
    group: str | None = None
    timeout: float = Field(default=30.0, gt=0)
    arguments: dict[str, ArgumentSpec] = Field(default_factory=dict)
    write: bool = False
    irreversible: bool = False
    untrusted: bool = False
    idempotent: bool = False
    undo: UndoSpec | None = None
    shows: ShowsSpec | None = None

    @field_validator("function")
    @classmethod
    def _callable(cls, function: str) -> str:
        if not _CALLABLE.match(function):
            raise ValueError(f"{function!r} must read module:function.")
        return function


class RefuseRule(_Strict):
    """A call this agent never makes, and the sentence that says so."""

    id: str = Field(min_length=1)
    when: CheckExpression
    sentence: str = Field(min_length=1)
    disclose: bool = False
    contact: str | None = None


class ConfirmRule(_Strict):
    """A named reason to ask a person, beyond the ones the check always gives."""

    reason: str = Field(min_length=1)
    when: CheckExpression


class Rules(_Strict):
    """The check's rules, in the order they are tried."""

    refuse: tuple[RefuseRule, ...] = ()
    confirm: tuple[ConfirmRule, ...] = ()


class RunsSpec(_Strict):
    """How runs hold their lease and retry undos."""

    lease_seconds: float = Field(default=30.0, gt=0)
    undo_retries: int = Field(default=3, ge=1)
    undo_backoff_seconds: float = Field(default=0.5, ge=0)


class ScheduleSpec(_Strict):
    """A turn the host sends by itself on a cron expression."""

    name: str = Field(min_length=1)
    cron: str
    thread: str = Field(min_length=1)
    text: str = Field(min_length=1)
    agent: str | None = None
    always_on: bool = False

    @field_validator("cron")
    @classmethod
    def _cron(cls, cron: str) -> str:
        if not croniter.is_valid(cron):
            raise ValueError(f"{cron!r} is not a cron expression.")
        return cron


class AgentSpec(_Strict):
    """One agent: who it is, what it may call, and what it does with a turn it cannot read."""

    name: str = Field(min_length=1)
    purpose: str = ""
    contact: str | None = None
    staff_only: bool = False
    on_unread: str = "ask"
    vocabulary: str | None = None
    model: ModelSettings | None = None
    steps: str | None = Field(default=None, description="module:function of a team-written step")
    context: str | None = Field(
        default=None,
        description="module:function giving a request's context (the signed-in customer).",
    )
    tools: tuple[str, ...] | None = Field(default=None, description="Every tool where not given.")
    groups: dict[str, str] = Field(
        default_factory=dict, description="What I can do: each group's description."
    )
    thumbs: bool = True
    about: str | None = None
    help_url: str | None = None
    privacy_url: str | None = None

    @field_validator("on_unread")
    @classmethod
    def _on_unread(cls, value: str) -> str:
        if value not in ON_UNREAD:
            raise ValueError(f"{value!r} is not one of {', '.join(ON_UNREAD)}.")
        return value

    @field_validator("steps", "context")
    @classmethod
    def _callable(cls, reference: str | None) -> str | None:
        if reference is not None and not _CALLABLE.match(reference):
            raise ValueError(f"{reference!r} must read module:function.")
        return reference


class AgentFile(_Strict):
    """A whole agent.yaml, with where it was read from."""

    agents: tuple[AgentSpec, ...] = Field(min_length=1)
    tools: dict[str, ToolSpec] = Field(default_factory=dict)
    rules: Rules = Rules()
    storage: str = "sqlite:///runs.db"
    runs: RunsSpec = RunsSpec()
    schedules: tuple[ScheduleSpec, ...] = ()
    path: Path = Field(default=Path("agent.yaml"), exclude=True)
    _lines: dict[str, int] = PrivateAttr(default_factory=dict)

    @field_validator("storage")
    @classmethod
    def _storage(cls, storage: str) -> str:
        if not storage.startswith(("sqlite:///", "postgres://", "postgresql://")):
            raise ValueError(
                f"{storage!r} must start with sqlite:///, postgres:// or postgresql://."
            )
        return storage

    def line(self, key: str) -> int | None:
        """The line a key path (as `tools.charge_card.function`) is on, for later errors."""
        return self._lines.get(key)

    @property
    def base_dir(self) -> Path:
        """Relative paths in the file (storage, vocabulary, modules) start here."""
        return self.path.parent

    def agent(self, name: str | None = None) -> AgentSpec:
        """The named agent, or the file's first."""
        if name is None:
            return self.agents[0]
        for agent in self.agents:
            if agent.name == name:
                return agent
        names = ", ".join(agent.name for agent in self.agents)
        problem = f"no agent is named {name!r}: {names}."
        fix = "name one of them, or leave the agent out to take the first."
        raise ConfigError(str(self.path), None, "agents", problem, fix)

    def storage_url(self) -> str:
        """The storage URL with a relative SQLite path resolved against the agent file."""
        if self.storage.startswith("sqlite:///"):
            path, mark, query = self.storage.removeprefix("sqlite:///").partition("?")
            file = Path(path)
            if not file.is_absolute():
                file = self.base_dir / file
            return f"sqlite:///{file}{mark}{query}"
        return self.storage


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


def _cross_checks(spec: AgentFile) -> Iterator[tuple[tuple[str | int, ...], str, str]]:
    """What one field cannot see: references between tools, agents and rules, each with its fix."""
    tools = ", ".join(spec.tools) or "none yet"
    name_a_tool = f"name one of the tools: {tools}."
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
    for name, tool in spec.tools.items():
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
        if tool.undo is None:
            continue
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
        undo_tool = spec.tools.get(tool.undo.tool)
        if undo_tool is None:
            yield (
                ("tools", name, "undo", "tool"),
                f"no tool is named {tool.undo.tool!r}.",
                name_a_tool,
            )
            continue
        for arg, ref in tool.undo.args.items():
            if arg not in undo_tool.arguments:
                yield (
                    ("tools", name, "undo", "args", arg),
                    f"{tool.undo.tool} has no argument {arg!r}.",
                    f"name one of {tool.undo.tool}'s arguments: {', '.join(undo_tool.arguments)}.",
                )
            source, _, key = ref.partition(".")
            if source == "call" and key not in tool.arguments:
                yield (
                    ("tools", name, "undo", "args", arg),
                    f"{name} has no argument {key!r}.",
                    f"read one of {name}'s arguments: {', '.join(tool.arguments)}.",
                )
        for arg, argument in undo_tool.arguments.items():
            filled = argument.from_ or argument.computed or not argument.required
            if not filled and arg not in tool.undo.args:
                yield (
                    ("tools", name, "undo", "args"),
                    f"the undo {tool.undo.tool} needs its argument {arg!r}.",
                    f"add `{arg}: call.<argument>` or `{arg}: result.<key>` under undo.args.",
                )
    seen_rules: set[str] = set()
    for index, rule in enumerate(spec.rules.refuse):
        if rule.id in seen_rules:
            yield (
                ("rules", "refuse", index, "id"),
                f"another refuse rule has the id {rule.id!r}.",
                "give each refuse rule an id of its own.",
            )
        seen_rules.add(rule.id)
    for index, schedule in enumerate(spec.schedules):
        if schedule.agent is not None and schedule.agent not in seen_agents:
            yield (
                ("schedules", index, "agent"),
                f"no agent is named {schedule.agent!r}.",
                f"name one of the agents: {', '.join(seen_agents)}.",
            )


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
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
        data = yaml.safe_load(text)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        problem = getattr(error, "problem", None) or str(error)
        fix = "correct the YAML there: indent with spaces, and quote a value holding ': ' or '#'."
        return None, [ConfigError(name, mark.line + 1 if mark else None, None, f"{problem}.", fix)]
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
    problems = [
        *duplicates,
        *(
            ConfigError(name, *_locate(root, loc), problem, fix)
            for loc, problem, fix in _cross_checks(spec)
        ),
    ]
    spec._lines = dict(_lines(root, ()))
    return spec, problems


def _below(deeper: tuple[Any, ...], loc: tuple[Any, ...]) -> bool:
    return len(deeper) > len(loc) and deeper[: len(loc)] == loc


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
