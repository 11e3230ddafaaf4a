"""One call of a run, from its journal entry to its result: replay, check, pause, send, record."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, NoReturn

from stalwart_agents.check import Action
from stalwart_agents.engine.arguments import Missing, resolve
from stalwart_agents.engine.interrupts import arguments, make_pause
from stalwart_agents.engine.ledger import new_entry
from stalwart_agents.engine.replies import phrase
from stalwart_agents.engine.runtime import Cancel, Suspend
from stalwart_agents.engine.shows import told
from stalwart_agents.errors import (
    Ask,
    CallRefused,
    CallSkipped,
    OutcomeUnknown,
    StalwartError,
    ToolFailed,
)
from stalwart_agents.ids import idempotency_key
from stalwart_agents.plan import Value
from stalwart_agents.saga import register_undo
from stalwart_agents.store.records import JournalEntry, PauseRecord, PauseState, StepStatus
from stalwart_agents.tools import Tool, failure_sentence

if TYPE_CHECKING:
    from stalwart_agents.engine.advance import Advance

__all__ = ["NonDeterministicStep", "call"]


class NonDeterministicStep(StalwartError):
    """A replay made a different call at a position than the journal holds."""


def _result(step: int, entry: JournalEntry) -> Value:
    return Value(value=entry["result"], origin=f"result:{step}")


def _shown(entry: JournalEntry) -> dict[str, Value]:
    return {a["name"]: Value(value=a["value"], origin=a["origin"]) for a in entry["args"]}


def _latest(pauses: list[PauseRecord]) -> PauseRecord | None:
    return pauses[-1] if pauses else None


async def call(adv: Advance, step: int, name: str, raw: Mapping[str, Any]) -> Value:
    """Carry one call as far as it goes now: its result, a pause, or an error into the step."""
    ledger = adv.ledger
    entry = ledger.entry(step)
    if entry is not None and entry["tool"] != name:
        raise NonDeterministicStep(
            f"The step called {name} at step {step}, where the run's journal has "
            f"{entry['tool']}: a step must make the same calls in the same order on every replay."
        )
    if entry is not None:
        status = entry["status"]
        if status == StepStatus.DONE:
            return _result(step, entry)
        if status == StepStatus.SKIPPED:
            raise CallSkipped(step, name, entry["because"])
        if status == StepStatus.FAILED:
            raise ToolFailed(step, name, entry["error"] or "")
        if status == StepStatus.REFUSED:
            raise CallRefused(step, name, entry["error"] or "")
        if status == StepStatus.UNKNOWN:
            return await _unknown(adv, entry, adv.runtime.tools[name])
        if status == StepStatus.SENT and step != adv.sent_step:
            return await _lost(adv, entry, adv.runtime.tools[name])
        if status == StepStatus.SENT and ledger.pauses_at(step, "outcome_unknown"):
            return await _send(adv, entry, adv.runtime.tools[name], _shown(entry), sent=True)
    if name not in adv.runtime.allowed:
        failed = entry or new_entry(step, name, False)
        _fail(adv, failed, f"no tool is named {name!r}.")
        raise ToolFailed(step, name, failed["error"] or "")
    tool = adv.runtime.tools[name]
    entry = entry or new_entry(step, name, tool.spec.write)
    try:
        args, missing = resolve(ledger, step, tool, raw, adv.context)
    except CallSkipped as skipped:
        entry["status"] = StepStatus.SKIPPED
        entry["because"] = skipped.because
        ledger.put(entry)
        ledger.event(
            "call", {"step": step, "tool": name, "status": "skipped", "because": skipped.because}
        )
        adv.summary.skipped.append((name, skipped.because or ""))
        raise
    except ToolFailed as failed:
        _fail(adv, entry, failed.error)
        raise
    if missing:
        _ask(adv, entry, tool, args, missing[0])
    return await _checked(adv, entry, tool, args)


async def _checked(adv: Advance, entry: JournalEntry, tool: Tool, args: dict[str, Value]) -> Value:
    ledger, step = adv.ledger, entry["step"]
    outcome = adv.runtime.check(
        tool.name, args, adv.context, ledger.untrusted(step, adv.runtime.untrusted)
    )
    if outcome.action == Action.REFUSE and outcome.rule is not None:
        rule = outcome.rule
        refusal = {
            "tool": tool.name,
            "sentence": rule.sentence,
            "rule": rule.id if rule.disclose else None,
            "contact": rule.contact if rule.contact is not None else adv.runtime.agent.contact,
        }
        entry["status"] = StepStatus.REFUSED
        entry["args"] = arguments(args)
        entry["error"] = rule.sentence
        ledger.put(entry)
        ledger.event("check", {"step": step, "tool": tool.name, "outcome": "refuse", "reasons": []})
        ledger.event("refusal", {"step": step, **refusal})
        adv.summary.refusal = refusal
        raise CallRefused(step, tool.name, rule.sentence)
    sent = entry["status"] == StepStatus.SENT and step == adv.sent_step
    if outcome.action == Action.CONFIRM:
        confirms = ledger.pauses_at(step, "confirm")
        latest = _latest(confirms)
        same = latest is not None and latest["interrupt"]["arguments"] == arguments(args)
        if latest is not None and same and latest["state"] == PauseState.OPEN:
            _park(adv, latest["id"])
        if latest is not None and same and latest["state"] == PauseState.ANSWERED:
            if latest["decision"] == "cancel_all":
                raise Cancel()
            if latest["decision"] == "skip":
                entry["status"] = StepStatus.SKIPPED
                entry["because"] = None
                ledger.put(entry)
                ledger.event("call", {"step": step, "tool": tool.name, "status": "skipped"})
                adv.summary.skipped_by_person.append(tool.name)
                raise CallSkipped(step, tool.name)
            return await _send(adv, entry, tool, args, sent=sent)
        if latest is not None and latest["state"] == PauseState.OPEN:
            ledger.close_pause(latest["id"])
        pause = make_pause(
            ledger,
            adv.runtime.store.secret,
            kind="confirm",
            step=step,
            attempt=len(confirms),
            tool=tool.name,
            args=args,
            reasons=outcome.reasons,
            wording=tool.wording,
            irreversible=tool.spec.irreversible,
        )
        ledger.event(
            "check",
            {
                "step": step,
                "tool": tool.name,
                "outcome": "confirm",
                "reasons": list(outcome.reasons),
            },
        )
        entry["status"] = StepStatus.WAITING
        entry["args"] = arguments(args)
        ledger.put(entry)
        _new_pause(adv, pause)
    ledger.event("check", {"step": step, "tool": tool.name, "outcome": "run", "reasons": []})
    return await _send(adv, entry, tool, args, sent=sent)


def _ask(
    adv: Advance, entry: JournalEntry, tool: Tool, args: dict[str, Value], missing: Missing
) -> NoReturn:
    """Pause for a missing or unreadable argument; the answer's origin is `reply`."""
    ledger, step = adv.ledger, entry["step"]
    for earlier in ledger.pauses_at(step, "ask"):
        if earlier["state"] != PauseState.OPEN:
            continue
        shown = earlier["interrupt"]
        if shown["argument"] == missing.name and shown["arguments"] == arguments(args):
            _park(adv, earlier["id"])
        ledger.close_pause(earlier["id"])
    spec = tool.spec.arguments.get(missing.name)
    question = (
        missing.question
        or (spec.question if spec is not None else None)
        or phrase(adv.language, "question", argument=missing.name, tool=tool.name)
    )
    if missing.problem:
        question = f"{missing.problem} {question}"
    pause = make_pause(
        ledger,
        adv.runtime.store.secret,
        kind="ask",
        step=step,
        tool=tool.name,
        args=args,
        wording=question,
        irreversible=tool.spec.irreversible,
        extra={"argument": missing.name, "type": missing.type, "question": question},
        covers={"argument": missing.name, "asked": len(ledger.pauses_at(step, "ask"))},
    )
    entry["status"] = StepStatus.WAITING
    entry["args"] = arguments(args)
    ledger.put(entry)
    _new_pause(adv, pause)


def _new_pause(adv: Advance, pause: PauseRecord) -> NoReturn:
    adv.ledger.add_pause(pause)
    adv.ledger.event("pause", {"interrupt": pause["interrupt"]})
    adv.summary.new_pauses.append(pause["id"])
    _park(adv, pause["id"])


def _park(adv: Advance, pause: str) -> NoReturn:
    """Stop the step here; the run waits on this pause (and on any other a sibling parks on)."""
    adv.parked.add(pause)
    raise Suspend()


def _fail(adv: Advance, entry: JournalEntry, error: str, said: str | None = None) -> None:
    entry["status"] = StepStatus.FAILED
    entry["error"] = error
    adv.ledger.put(entry)
    adv.ledger.event(
        "call", {"step": entry["step"], "tool": entry["tool"], "status": "failed", "error": error}
    )
    adv.summary.failed = (entry["tool"], error if said is None else said)


def _record(
    adv: Advance, entry: JournalEntry, tool: Tool, result: Any, *, known: bool = True
) -> Value:
    entry["status"] = StepStatus.DONE
    entry["result"] = result
    entry["error"] = None
    adv.ledger.finish(entry)
    if tool.spec.write:
        register_undo(adv.runtime.spec, entry, tool.spec, known=known)
    adv.ledger.put(entry)
    event: dict[str, Any] = {
        "step": entry["step"],
        "tool": tool.name,
        "status": "done",
        "result": result,
    }
    if not known:
        event["outcome"] = "happened"
    adv.ledger.event("call", event)
    adv.summary.done.append((entry["step"], tool.name, told(result, tool.spec.shows)))
    return _result(entry["step"], entry)


async def _send(
    adv: Advance, entry: JournalEntry, tool: Tool, args: dict[str, Value], *, sent: bool
) -> Value:
    """Send the call; a write is marked sent first, so a crash leaves its outcome unknown."""
    step = entry["step"]
    if sent:
        adv.sent_used = True
    entry["args"] = arguments(args)
    if tool.spec.write and not sent:
        entry["status"] = StepStatus.SENT
        adv.ledger.put(entry)
        await adv.flush()
    plain = {name: value.value for name, value in args.items()}
    key = idempotency_key(adv.ledger.id, step)
    # An idempotent write whose outcome is lost is sent again, with the same key.
    tries = adv.runtime.spec.runs.undo_retries if tool.spec.idempotent else 1
    attempt = 0
    while True:
        attempt += 1
        try:
            result = await adv.renewing(tool.invoke(plain, key))
        except Ask as ask:
            spec = tool.spec.arguments.get(ask.argument)
            kind = spec.type if spec else ask.type
            _ask(adv, entry, tool, args, Missing(ask.argument, kind, question=ask.question))
        except (OutcomeUnknown, TimeoutError) as error:
            message = (
                str(error)
                if isinstance(error, OutcomeUnknown)
                else phrase(
                    adv.language, "timeout", tool=tool.name, seconds=f"{tool.spec.timeout:g}"
                )
            )
            if not tool.spec.write:
                _fail(adv, entry, message)
                raise ToolFailed(step, tool.name, message) from None
            if attempt < tries:
                await asyncio.sleep(adv.runtime.spec.runs.undo_backoff_seconds * 2 ** (attempt - 1))
                continue
            _outcome_unknown(adv, entry, tool, message)
        except (Suspend, Cancel, asyncio.CancelledError):
            raise
        except Exception as error:
            _fail(adv, entry, f"{type(error).__name__}: {error}", failure_sentence(error))
            raise ToolFailed(step, tool.name, entry["error"] or "") from None
        else:
            return _record(adv, entry, tool, result)


def _outcome_unknown(adv: Advance, entry: JournalEntry, tool: Tool, error: str) -> NoReturn:
    """Pause: a person says whether the write happened; nobody sends it again without them."""
    entry["status"] = StepStatus.UNKNOWN
    entry["attempt"] = entry["attempt"] + 1
    entry["error"] = error
    adv.ledger.put(entry)
    pause = make_pause(
        adv.ledger,
        adv.runtime.store.secret,
        kind="outcome_unknown",
        step=entry["step"],
        attempt=entry["attempt"],
        tool=tool.name,
        args=_shown(entry),
        reasons=("write",),
        wording=phrase(adv.language, "did_it", tool=tool.name),
        irreversible=tool.spec.irreversible,
        extra={"error": error},
    )
    adv.ledger.event(
        "call", {"step": entry["step"], "tool": tool.name, "status": "unknown", "error": error}
    )
    _new_pause(adv, pause)


async def _lost(adv: Advance, entry: JournalEntry, tool: Tool) -> Value:
    """A step marked sent by a worker that is gone: resend what is safe to, ask about the rest."""
    if not tool.spec.write or tool.spec.idempotent:
        adv.ledger.event("call", {"step": entry["step"], "tool": tool.name, "status": "resent"})
        return await _send(adv, entry, tool, _shown(entry), sent=True)
    _outcome_unknown(adv, entry, tool, phrase(adv.language, "unknown"))


async def _unknown(adv: Advance, entry: JournalEntry, tool: Tool) -> Value:
    """A write nobody knows the outcome of: the person's answer decides."""
    pause = _latest(adv.ledger.pauses_at(entry["step"], "outcome_unknown"))
    if pause is None:
        _outcome_unknown(adv, entry, tool, entry["error"] or phrase(adv.language, "unknown"))
    if pause["state"] == PauseState.OPEN:
        _park(adv, pause["id"])
    if pause["decision"] == "happened":
        return _record(adv, entry, tool, None, known=False)
    return await _send(adv, entry, tool, _shown(entry), sent=entry["step"] == adv.sent_step)
