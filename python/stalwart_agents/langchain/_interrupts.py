"""LangGraph's pending interrupts in our shape: a stable id, a token, a kind, the arguments."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any, Final

import rfc8785
from langgraph.types import StateSnapshot
from pydantic import TypeAdapter, ValidationError
from pydantic_core import PydanticSerializationError, to_jsonable_python

from stalwart_agents._generated.enums import ArgumentType, Kind, Origin
from stalwart_agents._generated.models import ArgumentOrigin, Interrupt
from stalwart_agents._generated.spec import ANSWERS, ARGUMENT_TYPES, KINDS, ORIGINS
from stalwart_agents.door import read_interrupt
from stalwart_agents.expiry import Expiries, expiry_shown
from stalwart_agents.ids import pause_id, pause_token
from stalwart_agents.langchain._inbox import InboxRequest, inbox_request
from stalwart_agents.language import DEFAULT_LANGUAGE as LANGUAGE
from stalwart_agents.store import DoorPause
from stalwart_agents.wording import humanise, phrase
from stalwart_agents.wording import shown as shown_value
from stalwart_agents.wording import why as why_sentences

__all__ = [
    "DEFAULT_ORIGIN",
    "KindOf",
    "Pending",
    "checkpoint_of",
    "confirm_kind",
    "pending_interrupts",
    "shown_fields",
]

KindOf = Callable[[Any], tuple[str, Mapping[str, Any]]]
"""Maps an interrupt's value to a kind and the fields to show with it (they override the
defaults read from the payload: tool, wording, arguments, reasons, irreversible, and the kind's
own fields such as an ask's question and type)."""

# A value whose origin the payload does not say is treated as the least trusted kind of value:
# in a LangGraph graph, tool arguments are usually written by the model.
DEFAULT_ORIGIN: Final = Origin.MODEL

# Where a payload's keys are read from; any other key of a payload without `arguments` or `args`
# is shown as an argument, so nothing it carries is hidden from the person approving it.
_TOOL_KEYS: Final = ("tool", "name")
_WORDING_KEYS: Final = ("question", "wording", "description")
_READ_KEYS: Final = frozenset(
    {*_TOOL_KEYS, *_WORDING_KEYS, "arguments", "args", "origins", "reasons", "irreversible"}
)
# The fields the interrupt's id, token, place and answers fill; a kind_of never sets these.
_OURS: Final = frozenset({"id", "token", "thread", "run", "step", "kind", "choices"})
_ARGUMENT_ORIGIN: Final = TypeAdapter[str](ArgumentOrigin)
_SHOWN: Final = frozenset({"tool", "wording", "arguments", "reasons", "irreversible"})
_KIND_FIELDS: Final[dict[str, frozenset[str]]] = {
    Kind.CONFIRM: frozenset(),
    Kind.OUTCOME_UNKNOWN: frozenset({"error"}),
    Kind.SAGA_STUCK: frozenset({"pending"}),
    Kind.ASK: frozenset({"argument", "type", "question"}),
    Kind.DELEGATE: frozenset({"text"}),
}


@dataclass(frozen=True)
class Pending:
    """One interrupt that waits: what a person is shown, and the LangGraph id that answers it."""

    interrupt: Interrupt
    graph_id: str
    inbox: InboxRequest | None = None
    """Where the graph paused with Agent Inbox's HumanInterrupt, what it asked."""
    corrected: dict[str, Any] | None = None
    """A person's correction of the HumanInterrupt's args, shown to be approved again."""

    @property
    def id(self) -> str:
        return self.interrupt.id

    def tracked(self) -> DoorPause:
        """The waiting interrupt as the run store tracks it."""
        expires_at = getattr(self.interrupt, "expires_at", None)
        return DoorPause(
            id=self.interrupt.id,
            thread=self.interrupt.thread,
            token=self.interrupt.token,
            interrupt=self.interrupt.model_dump(mode="json"),
            expires_at=None if expires_at is None else expires_at.timestamp(),
        )

    @property
    def kind(self) -> str:
        return self.interrupt.kind

    @property
    def choices(self) -> list[str]:
        return list(self.interrupt.choices)


def confirm_kind(value: Any) -> tuple[str, Mapping[str, Any]]:
    """The default kind_of: every interrupt is a confirmation of what its payload shows."""
    return Kind.CONFIRM, {}


def checkpoint_of(state: StateSnapshot) -> str | None:
    """The checkpoint a state was read at, or None for a thread that never ran."""
    checkpoint = state.config.get("configurable", {}).get("checkpoint_id")
    return checkpoint if isinstance(checkpoint, str) else None


def pending_interrupts(
    state: StateSnapshot,
    thread: str,
    secret: bytes,
    kind_of: KindOf,
    corrections: Mapping[str, dict[str, Any]] | None = None,
    expiries: Expiries | None = None,
) -> list[Pending]:
    """Every interrupt that waits at this state, in task order, in our shape.

    A HumanInterrupt (Agent Inbox's schema) is read as such; `corrections` gives the args a
    person corrected, by LangGraph interrupt id. Where `expiries` gives the pause's kind or
    tool an expiry whose answer it takes, it shows when it expires, counted from the checkpoint
    it waits at, so every worker shows the same time.

    Raises:
        ValueError: a payload or a kind_of result that cannot be shown; the message names it.
    """
    checkpoint = checkpoint_of(state)
    if checkpoint is None:
        return []
    step = (state.metadata or {}).get("step", 0)
    step = step if isinstance(step, int) and step >= 0 else 0
    corrected = corrections or {}
    found_pending = [
        _pending(
            thread,
            checkpoint,
            step,
            found.id,
            found.value,
            secret,
            kind_of,
            corrected.get(found.id),
        )
        for found in state.interrupts
    ]
    if not expiries:
        return found_pending
    start = checkpoint_time(state)
    return [_expiring(pending, expiries, start) for pending in found_pending]


def checkpoint_time(state: StateSnapshot) -> float:
    """When the checkpoint a state was read at was written, in Unix time."""
    if state.created_at is None:
        raise ValueError("The checkpoint has no creation time to count an expiry from.")
    return dt.datetime.fromisoformat(state.created_at).timestamp()


def _expiring(pending: Pending, expiries: Expiries, start: float) -> Pending:
    """The pause with when it expires and its answer then, where one applies that it takes."""
    expires = expiries.of(pending.kind, pending.interrupt.tool)
    if expires is None or expires.answer not in pending.choices:
        return pending
    shown = {**pending.interrupt.model_dump(mode="json"), **expiry_shown(expires, start)}
    return replace(pending, interrupt=read_interrupt(shown))


def _pending(
    thread: str,
    checkpoint: str,
    step: int,
    graph_id: str,
    value: Any,
    secret: bytes,
    kind_of: KindOf,
    corrected: dict[str, Any] | None,
) -> Pending:
    where = f"The interrupt {graph_id!r} of thread {thread!r}"
    inbox = inbox_request(_json(value, where), where)
    if inbox is None:
        corrected = None
        kind, fields = _kind(kind_of, value, where)
        shown = {**shown_fields(value, where), **_json(fields, where)}
        shown = _with_kind_defaults(kind, shown, where)
        choices = list(ANSWERS[kind])
    else:
        kind = inbox.kind
        shown = inbox.shown(inbox.args if corrected is None else corrected)
        choices = inbox.choices(corrected is not None)
    # The id and the token cover everything shown, so a changed payload is a new pause.
    at = f"{checkpoint}/{graph_id}"
    tool = shown["tool"]
    ident = pause_id(thread, checkpoint, at, tool, shown, kind)
    token = pause_token(secret, ident, tool, shown, at)
    # What a person reads of it: no agent.yaml words it, so names in words and values as shown,
    # and a payload without a question asks with its tool's name in words.
    body = {
        **shown,
        "arguments": [
            {**item, "label": humanise(item["name"]), "shown": shown_value(item["value"], LANGUAGE)}
            for item in shown["arguments"]
        ],
        "why": why_sentences(shown["reasons"], None, {}, LANGUAGE),
        "wording": shown["wording"]
        or (phrase(LANGUAGE, Kind.CONFIRM, tool=humanise(tool)) if tool is not None else None),
        "id": ident,
        "token": token,
        "thread": thread,
        "run": checkpoint,
        "step": step,
        "kind": kind,
        "choices": choices,
    }
    try:
        interrupt = read_interrupt(body)
    except ValidationError as error:
        problems = "; ".join(
            f"{'.'.join(str(part) for part in item['loc'][1:]) or 'it'}: {item['msg']}"
            for item in error.errors()[:3]
        )
        raise ValueError(f"{where} cannot be shown as a {kind} pause: {problems}.") from None
    return Pending(interrupt, graph_id, inbox, corrected)


def _kind(kind_of: KindOf, value: Any, where: str) -> tuple[str, Mapping[str, Any]]:
    mapped = kind_of(value)
    if not (isinstance(mapped, tuple) and len(mapped) == 2 and isinstance(mapped[1], Mapping)):
        raise ValueError(f"kind_of must return (kind, fields); for {where} it gave {mapped!r}.")
    kind, fields = mapped
    if kind not in KINDS:
        raise ValueError(f"kind_of gave {kind!r} for {where}; a kind is one of {list(KINDS)}.")
    unknown = set(fields) - _SHOWN - _KIND_FIELDS[kind]
    if unknown:
        allowed = sorted(_SHOWN | _KIND_FIELDS[kind])
        raise ValueError(
            f"kind_of gave fields a {kind} pause does not have for {where}: {sorted(unknown)}; "
            f"it may set {allowed}."
        )
    return kind, fields


def _with_kind_defaults(kind: str, shown: dict[str, Any], where: str) -> dict[str, Any]:
    """Fill the kind's own fields the payload and kind_of left out."""
    wording = shown["wording"]
    defaults: dict[str, dict[str, Any]] = {
        Kind.OUTCOME_UNKNOWN: {"error": None},
        Kind.SAGA_STUCK: {"pending": []},
        Kind.ASK: {"argument": None, "type": ArgumentType.STRING, "question": wording or ""},
        Kind.DELEGATE: {"text": wording or ""},
    }
    filled = {**defaults.get(kind, {}), **shown}
    if kind == Kind.ASK and filled["type"] not in ARGUMENT_TYPES:
        raise ValueError(
            f"{where} asks for a {filled['type']!r}; an ask's type is one of "
            f"{list(ARGUMENT_TYPES)}."
        )
    return filled


def shown_fields(value: Any, where: str = "The interrupt") -> dict[str, Any]:
    """What a payload shows a person: its tool, wording, arguments with origins, and reasons.

    A mapping is read for `tool` (or `name`), `question` (or `wording`, `description`),
    `arguments` as [{name, value, origin}] or `args` with `origins` by name, `reasons` and
    `irreversible`; a string is the wording; any other value is one argument named `value`.
    """
    plain = _json(value, where)
    if isinstance(plain, str):
        return _fields(None, plain, [], [], False)
    if not isinstance(plain, dict):
        return _fields(None, None, [_argument("value", plain, None, where)], [], False)
    tool = next((plain[key] for key in _TOOL_KEYS if plain.get(key) is not None), None)
    wording = next((plain[key] for key in _WORDING_KEYS if plain.get(key) is not None), None)
    if tool is not None and not isinstance(tool, str):
        raise ValueError(f"{where} names its tool with {tool!r}, not a string.")
    if wording is not None and not isinstance(wording, str):
        raise ValueError(f"{where} words its question with {wording!r}, not a string.")
    reasons = plain.get("reasons", [])
    if not (isinstance(reasons, list) and all(isinstance(reason, str) for reason in reasons)):
        raise ValueError(f"{where} gives reasons {reasons!r}; they must be a list of strings.")
    irreversible = plain.get("irreversible", False)
    if not isinstance(irreversible, bool):
        raise ValueError(f"{where} gives irreversible {irreversible!r}, not true or false.")
    return _fields(tool, wording, _arguments(plain, where), reasons, irreversible)


def _fields(
    tool: str | None,
    wording: str | None,
    arguments: list[dict[str, Any]],
    reasons: list[str],
    irreversible: bool,
) -> dict[str, Any]:
    return {
        "tool": tool,
        "wording": wording,
        "arguments": arguments,
        "reasons": reasons,
        "irreversible": irreversible,
    }


def _arguments(payload: dict[str, Any], where: str) -> list[dict[str, Any]]:
    if "arguments" in payload:
        listed = payload["arguments"]
        if not (isinstance(listed, list) and all(isinstance(item, dict) for item in listed)):
            raise ValueError(f"{where} lists arguments that are not [{{name, value, origin}}].")
        for item in listed:
            if not isinstance(item.get("name"), str) or "value" not in item:
                raise ValueError(f"{where} lists an argument without a name or a value: {item}.")
        return [
            _argument(item["name"], item["value"], item.get("origin"), where) for item in listed
        ]
    origins = payload.get("origins") or {}
    if not isinstance(origins, dict):
        raise ValueError(f"{where} gives origins {origins!r}; they must map names to origins.")
    if "args" in payload:
        args = payload["args"]
        if not isinstance(args, dict):
            raise ValueError(f"{where} gives args {args!r}; they must map names to values.")
    else:
        args = {key: item for key, item in payload.items() if key not in _READ_KEYS}
    return [_argument(name, item, origins.get(name), where) for name, item in args.items()]


def _argument(name: str, value: Any, origin: Any, where: str) -> dict[str, Any]:
    given = DEFAULT_ORIGIN if origin is None else origin
    try:
        _ARGUMENT_ORIGIN.validate_python(given)
    except ValidationError:
        raise ValueError(
            f"{where} gives the argument {name!r} the origin {origin!r}; an origin is one of "
            f"{[o for o in ORIGINS if o != Origin.RESULT]} or result:<step>."
        ) from None
    return {"name": name, "value": value, "origin": given}


def _json(value: Any, where: str) -> Any:
    """The value as plain JSON that canonicalises, so it hashes the same on every worker."""
    try:
        plain = to_jsonable_python(value)
        rfc8785.dumps(plain)
    except (PydanticSerializationError, rfc8785.CanonicalizationError, TypeError) as error:
        raise ValueError(f"{where} carries a value that is not JSON: {error}.") from None
    return plain
