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


def make_pause(
    ledger: Ledger,
    secret: bytes,
    *,
    kind: Kind,
    step: int,
    tool: str | None,
    args: Mapping[str, Value],
    attempt: int = 0,
    reasons: tuple[str, ...] = (),
    wording: str | None = None,
    why: Sequence[str] = (),
    spec: ToolSpec | None = None,
    irreversible: bool = False,
    extra: Mapping[str, Any] | None = None,
    covers: Mapping[str, Any] | None = None,
    expires: ExpiresSpec | None = None,
) -> PauseRecord:
    """A new open pause; `covers` adds what else its id must tell apart (an ask's argument).

    With `expires`, it shows when it expires and the answer the sweep will give it then; the
    store keeps that time with it, so any worker's sweep finds it due.
    Its arguments carry their labels and values as `spec` words them in the run's language,
    and `why` each reason as a sentence; neither is covered by its id or token.
    """
    at = position(step, attempt)
    key = args_key(args)
    if covers:
        key = {**key, "": dict(covers)}
    sealed = canonical(key)
    ident = pause_id(ledger.thread, ledger.id, at, tool, sealed, kind)
    token = pause_token(secret, ident, tool, sealed, at)
    shown: dict[str, Any] = {
        "id": ident,
        "kind": kind,
        "token": token,
        "thread": ledger.thread,
        "run": ledger.id,
        "step": step,
        "tool": tool,
        "wording": wording,
        "arguments": arguments_shown(spec, arguments(args), ledger.language),
        "reasons": list(reasons),
        "why": list(why),
        "irreversible": irreversible,
        "choices": list(ANSWERS[kind]),
        **(extra or {}),
    }
    if expires is not None:
        shown.update(expiry_shown(expires, time.time()))
    return PauseRecord(
        id=ident,
        thread=ledger.thread,
        run=ledger.id,
        step=step,
        kind=kind,
        state=PauseState.OPEN,
        token=token,
        # The answer that sends the paused call, so a claim can mark it sent before it commits.
        sends=KIND_RULES[kind].sends,
        choices=list(ANSWERS[kind]),
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
