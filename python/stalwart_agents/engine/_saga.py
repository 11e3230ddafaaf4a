"""A run's undo log: each completed write registers its compensation, undone newest first."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from enum import StrEnum
from typing import Any

from stalwart_agents._generated.enums import Decision, Kind, Origin
from stalwart_agents.config import AgentFile, ToolSpec, dig
from stalwart_agents.engine._invoke import invoke
from stalwart_agents.engine._ledger import Ledger
from stalwart_agents.engine._pauses import Card, PauseAt, make_pause
from stalwart_agents.engine._state import State, open_pause
from stalwart_agents.ids import idempotency_key
from stalwart_agents.plan import Value
from stalwart_agents.store import JournalEntry, PauseState, RunState, StepStatus
from stalwart_agents.tools import coerce, failure_sentence
from stalwart_agents.wording import arguments_shown, call_words, phrase, title

__all__ = ["register_undo", "report", "undo"]


class UndoStatus(StrEnum):
    """Where a write's compensation is."""

    PENDING = "pending"
    SENT = "sent"
    STUCK = "stuck"
    UNDONE = "undone"
    DONE_BY_HAND = "done_by_hand"
    ABANDONED = "abandoned"
    NOT_UNDOABLE = "not_undoable"


def register_undo(
    agent_file: AgentFile, entry: JournalEntry, tool: ToolSpec, *, known: bool
) -> None:
    """Build the compensation of a completed write from its arguments and result, now."""
    if tool.undo is None:
        entry["undo"] = None
        entry["undo_status"] = UndoStatus.NOT_UNDOABLE
        entry["undo_error"] = "it is irreversible." if tool.irreversible else "it has no undo."
        return
    shown = {arg["name"]: arg for arg in entry["args"]}
    args: dict[str, Any] = {}
    origins: dict[str, str] = {}
    problem = None
    for name, ref in tool.undo.args.items():
        source, first, *rest = ref.split(".")
        if source == "call":
            value = dig(shown[first]["value"], rest) if first in shown else None
            origin = shown[first]["origin"] if first in shown else Origin.COMPUTED
        elif not known:
            value, origin = None, f"{Origin.RESULT}:{entry['step']}"
            problem = "its result is unknown, so its undo cannot be built."
        else:
            value, origin = dig(entry["result"], [first, *rest]), f"{Origin.RESULT}:{entry['step']}"
        if value is None and problem is None:
            problem = f"{ref} has no value, so its undo cannot be built."
        args[name], origins[name] = value, origin
    undo_tool = agent_file.tools[tool.undo.tool]
    for name, ref in tool.undo.args.items():
        if args[name] is None:
            continue
        try:
            args[name] = coerce(undo_tool.arguments[name].type, args[name])
        except ValueError as error:
            problem = f"{ref} is no good for {tool.undo.tool}: {error}"
    entry["undo"] = {"tool": tool.undo.tool, "args": args, "origins": origins}
    entry["undo_status"] = UndoStatus.NOT_UNDOABLE if problem else UndoStatus.PENDING
    entry["undo_error"] = problem


def _writes(ledger: Ledger) -> list[JournalEntry]:
    """The run's completed writes, newest first."""
    done = [
        entry
        for entry in ledger.journal.values()
        if entry["write"] and entry["status"] == StepStatus.DONE
    ]
    return sorted(done, key=lambda entry: entry["finished"] or 0, reverse=True)


def _call_words(entry: JournalEntry, tools: Mapping[str, ToolSpec], language: str) -> str:
    """The write as a person reads it, with its values: "Charge $40.00 to order 4411"."""
    values = {arg["name"]: arg["value"] for arg in entry["args"]}
    return call_words(tools.get(entry["tool"]), entry["tool"], values, language)


def _undo_entry(
    entry: JournalEntry, tools: Mapping[str, ToolSpec], language: str
) -> dict[str, Any]:
    """A write as a rollback lists it, with its tool's and its undo's titles in the language."""
    undo = entry["undo"]
    if undo is None:
        listed = [{key: arg[key] for key in ("name", "value", "origin")} for arg in entry["args"]]
    else:
        origins = undo.get("origins", {})
        listed = [
            {"name": name, "value": value, "origin": origins.get(name, Origin.COMPUTED)}
            for name, value in undo["args"].items()
        ]
    # Each value with its label and as the language writes it (money in its currency).
    shown = arguments_shown(tools.get(undo["tool"] if undo else entry["tool"]), listed, language)
    error = entry["undo_error"] if entry["undo_status"] != UndoStatus.DONE_BY_HAND else None
    return {
        "step": entry["step"],
        "tool": entry["tool"],
        "undo_tool": undo["tool"] if undo else None,
        "title": title(tools.get(entry["tool"]), entry["tool"], language),
        "undo_title": title(tools.get(undo["tool"]), undo["tool"], language) if undo else None,
        "call": _call_words(entry, tools, language),
        "undo_call": (
            call_words(tools.get(undo["tool"]), undo["tool"], undo["args"], language)
            if undo
            else None
        ),
        "arguments": {arg["name"]: arg["value"] for arg in listed},
        "shown": shown,
        "error": error,
    }


def report(
    state: State, tools: Mapping[str, ToolSpec], waiting: dict[str, Any] | None = None
) -> dict[str, Any]:
    """What the run undid, could not undo, and left stuck; the saga_stuck pause while it waits."""
    lists: dict[str, list[dict[str, Any]]] = {"undone": [], "not_undoable": [], "stuck": []}
    place: dict[str, str] = {
        UndoStatus.UNDONE: "undone",
        UndoStatus.DONE_BY_HAND: "undone",
        UndoStatus.NOT_UNDOABLE: "not_undoable",
        UndoStatus.ABANDONED: "not_undoable",
        UndoStatus.STUCK: "stuck",
    }
    for entry in _writes(state.ledger):
        where = place.get(entry["undo_status"] or "")
        if where is not None:
            lists[where].append(_undo_entry(entry, tools, state.ledger.language))
    unknown = [
        {**_undo_entry(entry, tools, state.ledger.language), "error": entry["error"]}
        for entry in _unknown(state.ledger)
    ]
    return {
        "thread": state.ledger.thread,
        "run": state.ledger.id,
        **lists,
        "unknown": unknown,
        "waiting": waiting,
    }


def _unknown(ledger: Ledger) -> list[JournalEntry]:
    """The run's writes whose outcome nobody knows yet, newest step first."""
    return sorted(
        (e for e in ledger.journal.values() if e["write"] and e["status"] == StepStatus.UNKNOWN),
        key=lambda entry: entry["step"],
        reverse=True,
    )


async def _try(state: State, entry: JournalEntry) -> str | None:
    """Send an undo up to its tries, with backoff; None when it worked, else the last error."""
    runtime = state.runtime
    runs = runtime.agent_file.runs
    undo = entry["undo"] or {}
    tool = runtime.tools[undo["tool"]]
    args = dict(undo["args"])
    for name, argument in tool.spec.arguments.items():
        if name not in args and argument.from_ and argument.from_.startswith("context."):
            args[name] = state.ledger.context.get(argument.from_.split(".", 1)[1])
    error = ""
    for attempt in range(runs.undo_retries):
        if attempt:
            await asyncio.sleep(runs.undo_backoff_seconds * 2 ** (attempt - 1))
        try:
            await invoke(
                state,
                tool,
                args,
                idempotency_key(state.ledger.id, entry["step"]) + "-undo",
                entry["step"],
            )
        except Exception as failure:
            # The stuck card shows it to a person: the undo's own sentence, never a class name.
            error = failure_sentence(failure) or phrase(
                state.ledger.language,
                "failed_quietly",
                tool=title(tool.spec, undo["tool"], state.ledger.language),
            )
        else:
            return None
    return error


async def _send(state: State, entry: JournalEntry) -> str | None:
    """Send an undo, recorded sent first; None when it worked, else why it is stuck.

    The stop and the mark reach the disk before the undo goes, so a worker that dies while
    it is out leaves it `sent`: an idempotent undo is sent again with its key, and any other
    is asked about (saga_stuck, with the error that nobody knows whether it ran).
    """
    runtime = state.runtime
    undo_tool = runtime.tools[(entry["undo"] or {})["tool"]]
    if entry["undo_status"] == UndoStatus.SENT and not undo_tool.spec.idempotent:
        return phrase(state.ledger.language, "unknown")
    entry["undo_status"] = UndoStatus.SENT
    state.ledger.put(entry)
    await state.flush()
    return await _try(state, entry)


def _settle_answers(ledger: Ledger, tools: Mapping[str, ToolSpec]) -> None:
    """Apply answered saga_stuck pauses to the undos they list."""
    for entry in ledger.journal.values():
        if entry["undo_status"] != UndoStatus.STUCK or entry["stuck_pause"] is None:
            continue
        pause = ledger.pauses[entry["stuck_pause"]]
        if pause["state"] == PauseState.OPEN:
            continue
        decision = pause["decision"] if pause["state"] == PauseState.ANSWERED else Decision.RETRY
        status = {
            Decision.RETRY: UndoStatus.PENDING,
            Decision.DONE_BY_HAND: UndoStatus.DONE_BY_HAND,
            Decision.ABANDON: UndoStatus.ABANDONED,
        }[Decision(decision or Decision.RETRY)]
        entry["undo_status"] = status
        entry["stuck_pause"] = None
        ledger.put(entry)
        if status != UndoStatus.PENDING:
            ledger.event(
                "undo",
                {
                    **_undo_entry(entry, tools, ledger.language),
                    "status": status,
                    "by": pause["answered_by"],
                },
            )


async def undo(state: State, why: str) -> None:
    """Undo the run's writes newest first; pause as saga_stuck when one keeps failing."""
    runtime = state.runtime
    ledger = state.ledger
    if ledger.run["saga"] is None:
        ledger.set_state(RunState.RUNNING, saga=why)
    tools = runtime.agent_file.tools
    _settle_answers(ledger, tools)
    stuck = [p for p in ledger.open_pauses() if p["kind"] == Kind.SAGA_STUCK]
    if stuck:
        state.park(stuck[-1]["id"])
        ledger.set_state(RunState.WAITING)
        state.summary.rollback = report(state, tools, stuck[-1]["interrupt"])
        return
    writes = _writes(ledger)
    for index, entry in enumerate(writes):
        if entry["undo_status"] not in (UndoStatus.PENDING, UndoStatus.SENT):
            continue
        error = await _send(state, entry)
        if error is None:
            entry["undo_status"] = UndoStatus.UNDONE
            entry["undo_error"] = None
            ledger.put(entry)
            ledger.event(
                "undo", {**_undo_entry(entry, tools, ledger.language), "status": UndoStatus.UNDONE}
            )
            continue
        entry["undo_error"] = error
        pending = [entry] + [
            older for older in writes[index + 1 :] if older["undo_status"] == UndoStatus.PENDING
        ]
        undo_args = entry["undo"] or {"args": {}, "origins": {}}
        pause = make_pause(
            ledger,
            runtime.store.secret,
            PauseAt(
                kind=Kind.SAGA_STUCK,
                step=entry["step"],
                attempt=len(ledger.pauses_at(entry["step"], Kind.SAGA_STUCK)),
                tool=entry["tool"],
                args={
                    name: Value(value=value, origin=undo_args["origins"].get(name, Origin.COMPUTED))
                    for name, value in undo_args["args"].items()
                },
            ),
            Card(
                wording=phrase(
                    ledger.language,
                    "stuck_pause",
                    tool=_call_words(entry, tools, ledger.language),
                ),
                spec=runtime.agent_file.tools.get(undo_args.get("tool", "")),
                extra={"pending": [_undo_entry(item, tools, ledger.language) for item in pending]},
                expires=runtime.agent_file.expiry(Kind.SAGA_STUCK, entry["tool"]),
            ),
        )
        for item in pending:
            item["undo_status"] = UndoStatus.STUCK
            item["stuck_pause"] = pause["id"]
            ledger.put(item)
        ledger.event("undo", {**_undo_entry(entry, tools, ledger.language), "status": "failed"})
        state.park(open_pause(state, pause))
        ledger.set_state(RunState.WAITING)
        state.summary.rollback = report(state, tools, pause["interrupt"])
        # The stream tells of it as of a finished rollback, so a reload shows it the same way.
        ledger.event("rollback", {"report": state.summary.rollback})
        return
    if _unknown(ledger):
        # Its outcome_unknown pause waits (settle_unknown_writes parked it); once a person says
        # it happened, the next pass undoes it too.
        ledger.set_state(RunState.WAITING)
        state.summary.rollback = report(state, tools)
        return
    ledger.set_state(RunState.FAILED if why == "failed" else RunState.CANCELLED)
    state.summary.rollback = report(state, tools)
    ledger.event("rollback", {"report": state.summary.rollback})
