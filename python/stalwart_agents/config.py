"""The agent.yaml schema: validated whole at load, so a bad file stops everything with its line."""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any, ClassVar, Final

from croniter import croniter
from pydantic import (
    Field,
    PrivateAttr,
    field_validator,
)

from stalwart_agents._generated.enums import ArgumentType, Decision, Kind, OnUnread, Origin
from stalwart_agents._generated.spec import (
    ANSWERS,
    ARGUMENT_TYPES,
    KINDS,
    ON_UNREAD,
    ORIGINS,
)
from stalwart_agents.errors import ConfigError
from stalwart_agents.field_types import (
    CheckExpression,
    ComputeExpression,
    Currency,
    FactsExpression,
    Seconds,
    Words,
)
from stalwart_agents.field_types import Strict as _Strict
from stalwart_agents.home import data_folder
from stalwart_agents.model import ModelSettings
from stalwart_agents.server_spec import OnServer, ServerSpec, ToolHints

__all__ = [
    "ARGUMENT_TYPES",
    "EXPIRY_REFUSED",
    "AgentFile",
    "AgentSpec",
    "ArgumentSpec",
    "ConfirmRule",
    "ExpiresSpec",
    "FactsSpec",
    "GroupSpec",
    "Precondition",
    "RefuseRule",
    "ResultField",
    "Rules",
    "RunsSpec",
    "ScheduleSpec",
    "ServerSpec",
    "ShowsSpec",
    "ToolHints",
    "ToolSpec",
    "UndoSpec",
    "Words",
    "dig",
    "expiry_refusal",
]

# Origins a tool takes without a person unless its argument says otherwise (DESIGN: The check).
DEFAULT_ACCEPTS: Final = tuple(
    origin for origin in ORIGINS if origin not in (Origin.MODEL, Origin.AGENT)
)

_CALLABLE = re.compile(r"^[A-Za-z_][\w.]*:[A-Za-z_]\w*$")
# One key of a dotted path (`result.charge.id`); from:, undo: and shows: all read results so.
_KEY = r"\.[A-Za-z_]\w*"
_FROM = re.compile(rf"^(context{_KEY}|result({_KEY})+)$")
_UNDO_REF = re.compile(rf"^(call|result)({_KEY})+$")
# A fact read runs before the call, so it has only the call's arguments to read.
_FACTS_REF = re.compile(rf"^call{_KEY}$")
# shows: may also name the whole result, for a tool that returns the list itself.
_SHOWN_REF = re.compile(rf"^result({_KEY})*$")


# Answers an expired pause never takes, each with why: a default answer sends nothing and says
# nothing only a person can know.
EXPIRY_REFUSED: Final[dict[str, str]] = {
    Decision.APPROVE: "it sends the call (or hands the turn to the model)",
    Decision.DID_NOT_HAPPEN: "it sends the call again",
    Decision.RETRY: "it sends the undos again",
    Decision.HAPPENED: "it says the write took effect, which only a person can know",
    Decision.DONE_BY_HAND: "it says a person undid the writes",
    Decision.ANSWER: "it needs a value only a person can give",
}


def expiry_refusal(kind: str, answer: str) -> tuple[str, str] | None:
    """Why an expired pause of this kind cannot take this answer, with the fix; None if it can."""
    safe = [taken for taken in ANSWERS[kind] if taken not in EXPIRY_REFUSED]
    fix = (
        f"give one of {', '.join(safe)}."
        if safe
        else f"remove it: every answer {kind} pauses take needs a person."
    )
    if answer in EXPIRY_REFUSED:
        return f"an expired pause never takes {answer!r}: {EXPIRY_REFUSED[answer]}.", fix
    if answer not in ANSWERS[kind]:
        return f"{kind} pauses take {', '.join(ANSWERS[kind])}, not {answer!r}.", fix
    return None


def dig(value: Any, keys: list[str]) -> Any:
    """What a dotted path's keys reach in a result; None where the path leads nowhere."""
    for key in keys:
        if not isinstance(value, dict) or key not in value:
            return None
        value = value[key]
    return value


class ArgumentSpec(_Strict):
    """One typed argument: where it may come from, and whether a person must see its origin."""

    type: ArgumentType = ArgumentType.STRING
    required: bool = True
    description: Words = ""
    question: Words | None = Field(default=None, description="What the ask pause says.")
    label: Words | None = Field(default=None, description="Its name as a person reads it.")
    currency: Currency = Field(
        default=None, description="A number that is money, in this currency; none: not money."
    )
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


class _MappedCall(_Strict):
    """Another tool's call, its arguments mapped from this call (undo:, facts:)."""

    # What an argument may read, and how the error names it: set by each kind of mapped call.
    _refs: ClassVar[re.Pattern[str]] = _UNDO_REF
    _reads: ClassVar[str] = "call.<argument> or result.<key>"
    _role: ClassVar[str] = "undo"

    tool: str
    server: str | None = Field(default=None, description="The MCP server the undo tool is on.")
    args: dict[str, str] = Field(default_factory=dict)

    @field_validator("args")
    @classmethod
    def _references(cls, args: dict[str, str]) -> dict[str, str]:
        for name, ref in args.items():
            if not isinstance(ref, str) or not cls._refs.match(ref):
                raise ValueError(
                    f"the {cls._role} argument {name!r} must read {cls._reads}, not {ref!r}."
                )
        return args


class UndoSpec(_MappedCall):
    """The compensation of a write: a tool, with arguments taken from the call and its result."""


class FactsSpec(_MappedCall):
    """A read the engine runs before the pause, so a person sees what the call acts on."""

    _refs: ClassVar[re.Pattern[str]] = _FACTS_REF
    _reads: ClassVar[str] = "call.<argument>"
    _role: ClassVar[str] = "facts"

    matches: dict[str, str] = Field(
        default_factory=dict,
        description="An argument and the fact it should equal (amount: total), marked if not.",
    )


class Precondition(_Strict):
    """What must hold of the facts for the call to be made; else it is refused, or asked again."""

    id: str = Field(min_length=1)
    holds: FactsExpression = Field(
        description="Over args, facts and context; facts is None when the read found nothing."
    )
    sentence: Words
    ask: str | None = Field(
        default=None, description="The argument asked again when it fails, instead of a refusal."
    )
    disclose: bool = False
    contact: str | None = None


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


class ExpiresSpec(_Strict):
    """How long a pause waits for a person, and the answer the sweep gives it after that."""

    after: Seconds = Field(description="90s, 30m, 24h, 2d, or a number of seconds.")
    answer: str = Field(description="One the pause's kind takes that sends nothing.")


class ResultField(_Strict):
    """One key of a tool's result as a person reads it in a reply."""

    label: Words | None = None
    currency: Currency = None
    values: dict[str, Words] = Field(
        default_factory=dict, description="Each value it takes as a person reads it."
    )


class GroupSpec(_Strict):
    """A group of "What I can do": its heading and what its tools do, in each language."""

    label: Words | None = None
    description: Words = ""


class ToolSpec(OnServer, _Strict):
    """A tool the agent may call, and everything the check needs to know about it."""

    function: str | None = Field(default=None, description="module:function, sync or async")
    description: Words = ""
    title: Words | None = Field(default=None, description="Its name as a person reads it.")
    question: Words | None = Field(
        default=None, description="What a confirmation asks, with {argument} placeholders."
    )
    reply: Words | None = Field(
        default=None, description="The reply's sentence for its result, with placeholders."
    )
    currency: Currency = Field(default=None, description="The currency of its number arguments.")
    result: dict[str, ResultField] = Field(
        default_factory=dict, description="Its result's keys as a person reads them."
    )
    group: str | None = None
    timeout: float = Field(default=30.0, gt=0)
    arguments: dict[str, ArgumentSpec] = Field(default_factory=dict)
    write: bool = False
    irreversible: bool = False
    untrusted: bool = False
    idempotent: bool = False
    undo: UndoSpec | None = None
    facts: FactsSpec | None = None
    preview: str | None = Field(
        default=None,
        description="module:function, a dry run that must not write: rows of label, before, after.",
    )
    preconditions: tuple[Precondition, ...] = ()
    shows: ShowsSpec | None = None
    expires: ExpiresSpec | None = Field(
        default=None, description="When this tool's confirmations expire, and their answer then."
    )

    @field_validator("function", "preview")
    @classmethod
    def _callable(cls, function: str | None) -> str | None:
        if function is not None and not _CALLABLE.match(function):
            raise ValueError(f"{function!r} must read module:function.")
        return function

    def money(self, name: str) -> str | None:
        """The currency a value is money in: its argument's or result key's, else the tool's for
        a number argument; None where it is not money."""
        argument = self.arguments.get(name)
        field = self.result.get(name)
        own = (argument.currency if argument else None) or (field.currency if field else None)
        if own is None and argument is not None and argument.type == "number":
            own = self.currency
        return None if own == "none" else own


class RefuseRule(_Strict):
    """A call this agent never makes, and the sentence that says so."""

    id: str = Field(min_length=1)
    when: CheckExpression
    sentence: Words
    disclose: bool = False
    contact: Words | None = Field(
        default=None,
        description="Whom to ask instead: an address, or `Name <address>` to name them.",
    )


class ConfirmRule(_Strict):
    """A named reason to ask a person, beyond the ones the check always gives."""

    reason: str = Field(min_length=1)
    when: CheckExpression
    sentence: Words | None = Field(default=None, description="The reason as a person reads it.")


class Rules(_Strict):
    """The check's rules, in the order they are tried."""

    refuse: tuple[RefuseRule, ...] = ()
    confirm: tuple[ConfirmRule, ...] = ()


class RunsSpec(_Strict):
    """How runs hold their lease, how often each worker sweeps for dead ones, and undo retries."""

    lease_seconds: float = Field(default=30.0, gt=0)
    sweep_seconds: float = Field(default=5.0, gt=0)
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
    title: Words | None = Field(default=None, description="Its name as the chat shows it.")
    purpose: Words = ""
    contact: str | None = None
    staff_only: bool = False
    on_unread: str = OnUnread.ASK
    vocabulary: str | None = None
    model: ModelSettings | None = None
    steps: str | None = Field(default=None, description="module:function of a team-written step")
    context: str | None = Field(
        default=None,
        description="module:function giving a request's context (the signed-in customer).",
    )
    tools: tuple[str, ...] | None = Field(default=None, description="Every tool where not given.")
    groups: dict[str, GroupSpec | Words] = Field(
        default_factory=dict,
        description="What I can do: each group's description, or its label and description.",
    )
    reasons: dict[str, Words] = Field(
        default_factory=dict, description="Each reason's sentence, over the shipped one."
    )
    files: str | None = Field(
        default=None,
        description="The folder the files its tools save go to, relative to agent.yaml.",
    )
    thumbs: bool = True
    about: Words | None = None
    help_url: str | None = None
    privacy_url: str | None = None

    @field_validator("on_unread")
    @classmethod
    def _on_unread(cls, value: str) -> str:
        if value not in ON_UNREAD:
            raise ValueError(f"{value!r} is not one of {', '.join(ON_UNREAD)}.")
        return value

    @field_validator("files")
    @classmethod
    def _folder(cls, folder: str | None) -> str | None:
        if folder is not None and (not folder.strip() or "\x00" in folder or "://" in folder):
            raise ValueError(
                f"{folder!r} must be a folder on this computer, as files/ or ~/Receipts."
            )
        return folder

    @field_validator("steps", "context")
    @classmethod
    def _callable(cls, reference: str | None) -> str | None:
        if reference is not None and not _CALLABLE.match(reference):
            raise ValueError(f"{reference!r} must read module:function.")
        return reference


class AgentFile(_Strict):
    """A whole agent.yaml, with where it was read from."""

    agents: tuple[AgentSpec, ...] = Field(min_length=1)
    servers: dict[str, ServerSpec] = Field(default_factory=dict, description="MCP servers")
    tools: dict[str, ToolSpec] = Field(default_factory=dict)
    rules: Rules = Rules()
    storage: str = "sqlite:///runs.db"
    runs: RunsSpec = RunsSpec()
    schedules: tuple[ScheduleSpec, ...] = ()
    expires: dict[str, ExpiresSpec] = Field(
        default_factory=dict, description="Per pause kind: when its pauses expire, and how."
    )
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

    @field_validator("expires")
    @classmethod
    def _kinds(cls, expires: dict[str, ExpiresSpec]) -> dict[str, ExpiresSpec]:
        unknown = [kind for kind in expires if kind not in KINDS]
        if unknown:
            raise ValueError(f"{unknown[0]!r} is not a pause kind; kinds are {', '.join(KINDS)}.")
        return expires

    def expiry(self, kind: str, tool: str | None) -> ExpiresSpec | None:
        """When a new pause expires: its tool's own, for a confirmation, else its kind's."""
        own = self.tools[tool].expires if tool in self.tools and kind == Kind.CONFIRM else None
        return own or self.expires.get(kind)

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

    def undos(self, names: Iterable[str]) -> frozenset[str]:
        """The tools the named ones undo with: an undo runs without a phrase of its own."""
        return frozenset(undo.tool for name in names if (undo := self.tools[name].undo) is not None)

    def files_folder(self, agent: AgentSpec) -> Path:
        """Where the agent's tools save files: its `files:` (relative to this file's folder), or
        its folder in this user's data directory."""
        if agent.files is None:
            return data_folder(agent.name)
        folder = Path(agent.files).expanduser()
        return (folder if folder.is_absolute() else self.base_dir / folder).resolve()

    def storage_url(self) -> str:
        """The storage URL with a relative SQLite path resolved against the agent file."""
        if self.storage.startswith("sqlite:///"):
            path, mark, query = self.storage.removeprefix("sqlite:///").partition("?")
            file = Path(path)
            if not file.is_absolute():
                file = self.base_dir / file
            return f"sqlite:///{file}{mark}{query}"
        return self.storage
