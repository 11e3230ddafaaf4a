"""Pauses as the store keeps them and as a person is shown them: ids, tokens, choices.

Inside the package a run *pauses*; on the wire the same thing is an *interrupt*
(`GET /threads/{id}/interrupts`, `interrupt_id`, `interrupt_stale`, `on_interrupt=`), because
that is LangGraph's and Agent Inbox's word for a graph waiting on a person, and the routes of
docs/serve.md speak it so their clients need no translation. So a pause record keeps what a
person is shown under its `interrupt` key, in the wire's shape.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from stalwart_agents._generated.enums import Kind
from stalwart_agents._generated.spec import ANSWERS, KIND_RULES
from stalwart_agents.config import ExpiresSpec, ToolSpec
from stalwart_agents.engine._ledger import Ledger
from stalwart_agents.errors import InterruptStale, InvalidAnswer
from stalwart_agents.expiry import expiry_shown
from stalwart_agents.ids import canonical, pause_id, pause_token, position
from stalwart_agents.plan import Call, Value
from stalwart_agents.store import PauseRecord, PauseState
from stalwart_agents.wording import arguments_shown

__all__ = [
    "Card",
    "PauseAt",
    "args_key",
    "arguments",
    "make_pause",
    "pick_pause",
    "plan_event",
    "same_arguments",
]


def arguments(args: Mapping[str, Value]) -> list[dict[str, Any]]:
    """Arguments as the interface lists them: each with its value and where it came from."""
    return [
        {"name": name, "value": value.value, "origin": value.origin} for name, value in args.items()
    ]


def same_arguments(shown: Mapping[str, Any], args: Mapping[str, Value]) -> bool:
    """Whether a pause showed exactly these arguments: names, values and origins alike."""
    listed = [
        {"name": a["name"], "value": a["value"], "origin": a["origin"]} for a in shown["arguments"]
    ]
    return listed == arguments(args)


def plan_event(calls: tuple[Call, ...] | list[Call]) -> list[dict[str, Any]]:
    """A plan as the stream shows it."""
    return [{"tool": call.tool, "arguments": arguments(call.args)} for call in calls]


def args_key(args: Mapping[str, Value]) -> dict[str, Any]:
    """What a pause id and token cover of the arguments: values and origins alike."""
    return {name: {"value": value.value, "origin": value.origin} for name, value in args.items()}


@dataclass(frozen=True)
class PauseAt:
    """Where a pause stands and what it is about: everything its id and token seal."""

    kind: Kind
    step: int
    tool: str | None
    args: Mapping[str, Value]
    attempt: int = 0
    covers: Mapping[str, Any] | None = None
    """What else its id must tell apart (an ask's argument)."""


@dataclass(frozen=True)
class Card:
    """What a person is shown of a pause beyond its arguments; neither id nor token covers it."""

    wording: str | None = None
    reasons: tuple[str, ...] = ()
    why: Sequence[str] = ()
    """Each reason as a sentence."""
    spec: ToolSpec | None = None
    """The tool whose words label the arguments, in the run's language."""
    irreversible: bool = False
    extra: Mapping[str, Any] | None = None
    expires: ExpiresSpec | None = None
    """When it expires and the answer the sweep will give it then."""


def make_pause(ledger: Ledger, secret: bytes, at: PauseAt, card: Card) -> PauseRecord:
    """A new open pause at `at`, showing `card`.

    With `card.expires`, it shows when it expires and the answer the sweep will give it then;
    the store keeps that time with it, so any worker's sweep finds it due.
    """
    where = position(at.step, at.attempt)
    key = args_key(at.args)
    if at.covers:
        key = {**key, "": dict(at.covers)}
    sealed = canonical(key)
    ident = pause_id(ledger.thread, ledger.id, where, at.tool, sealed, at.kind)
    token = pause_token(secret, ident, at.tool, sealed, where)
    shown: dict[str, Any] = {
        "id": ident,
        "kind": at.kind,
        "token": token,
        "thread": ledger.thread,
        "run": ledger.id,
        "step": at.step,
        "tool": at.tool,
        "wording": card.wording,
        "arguments": arguments_shown(card.spec, arguments(at.args), ledger.language),
        "reasons": list(card.reasons),
        "why": list(card.why),
        "irreversible": card.irreversible,
        "choices": list(ANSWERS[at.kind]),
        **(card.extra or {}),
    }
    if card.expires is not None:
        shown.update(expiry_shown(card.expires, time.time()))
    return PauseRecord(
        id=ident,
        thread=ledger.thread,
        run=ledger.id,
        step=at.step,
        kind=at.kind,
        state=PauseState.OPEN,
        token=token,
        # The answer that sends the paused call, so a claim can mark it sent before it commits.
        sends=KIND_RULES[at.kind].sends,
        choices=list(ANSWERS[at.kind]),
        interrupt=shown,
        decision=None,
        value=None,
        answered_by=None,
    )


def pick_pause(
    thread: str, pauses: list[PauseRecord], decision: str, wanted: str | None
) -> PauseRecord:
    """The pause an answer without a token is for: the one named, else the first that takes it."""
    if wanted is not None:
        for pause in pauses:
            if pause["id"] == wanted:
                return pause
        raise InterruptStale(wanted, f"it does not wait in thread {thread!r}")
    for pause in pauses:
        if decision in pause["choices"]:
            return pause
    if not pauses:
        raise InterruptStale(None, f"nothing waits in thread {thread!r}")
    takes = "; ".join(
        f"the {pause['kind']} pause {pause['id']!r} takes {', '.join(pause['choices'])}"
        for pause in pauses
    )
    raise InvalidAnswer(f"Nothing waiting in thread {thread!r} takes {decision!r}: {takes}.")
