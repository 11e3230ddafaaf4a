"""One call of a run from its journal entry: replay, the policy check, pause, send, record."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from stalwart_agents._generated.enums import Decision, Kind, Origin, Reason
from stalwart_agents.check import Action, Verdict
from stalwart_agents.config import FactsSpec
from stalwart_agents.engine._arguments import Missing, resolve
from stalwart_agents.engine._facts import read_facts, unmet
from stalwart_agents.engine._invoke import invoke
from stalwart_agents.engine._ledger import new_entry, settle
from stalwart_agents.engine._outcomes import Done, Failed, Outcome, Paused, Refused, Skipped
from stalwart_agents.engine._pauses import Card, PauseAt, arguments, make_pause, same_arguments
from stalwart_agents.engine._refuse_or_ask import CallWords, ask_for_argument, refuse_call
from stalwart_agents.engine._saga import register_undo
from stalwart_agents.engine._shows import outside, told
from stalwart_agents.engine._state import State, open_pause
from stalwart_agents.errors import Ask, CallSkipped, OutcomeUnknown, StalwartError, ToolFailed
from stalwart_agents.ids import idempotency_key
from stalwart_agents.language import say
from stalwart_agents.plan import Value
from stalwart_agents.previews import preview
from stalwart_agents.store import JournalEntry, PauseRecord, PauseState, StepStatus
from stalwart_agents.tools import Tool, failure_sentence
from stalwart_agents.wording import (
    call_words,
    phrase,
    question,
    reply_sentence,
    result_items,
    title,
    why,
)

__all__ = ["NonDeterministicStep", "call", "settle_unknown_writes"]


class NonDeterministicStep(StalwartError):
    """A replay made a different call at a position than the journal holds."""


def _result(step: int, entry: JournalEntry) -> Done:
    return Done(Value(value=entry["result"], origin=f"{Origin.RESULT}:{step}"))


def _shown(entry: JournalEntry) -> dict[str, Value]:
    return {a["name"]: Value(value=a["value"], origin=a["origin"]) for a in entry["args"]}


def _plain(args: Mapping[str, Value]) -> dict[str, Any]:
    return {name: value.value for name, value in args.items()}


def _latest(pauses: list[PauseRecord]) -> PauseRecord | None:
    return pauses[-1] if pauses else None


async def call(state: State, step: int, name: str, raw: Mapping[str, Any]) -> Outcome:
    """Carry one call as far as it goes now; what it came to is written to the state's ledger."""
    ledger, runtime = state.ledger, state.runtime
    entry = ledger.entry(step)
    if entry is not None:
        if entry["tool"] != name:
            raise NonDeterministicStep(
                f"The step called {name} at step {step}, where the run's journal has "
                f"{entry['tool']}: a step must make the same calls in the same order on every "
                "replay."
            )
        replayed = await _replayed(state, entry)
        if replayed is not None:
            return replayed
    if name not in runtime.allowed:
        return _fail(state, entry or new_entry(step, name, False), f"no tool is named {name!r}.")
    tool = runtime.tools[name]
    entry = entry or new_entry(step, name, tool.spec.write)
    try:
        args, missing = resolve(ledger, step, tool, raw, ledger.context)
    except CallSkipped as skipped:
        entry["because"] = skipped.because
        settle(ledger, entry, StepStatus.SKIPPED, because=skipped.because)
        state.summary.skipped.append((name, skipped.because or ""))
        return Skipped(skipped.because)
    except ToolFailed as failed:
        return _fail(state, entry, failed.error)
    if missing:
        return ask_for_argument(state, entry, tool, args, missing[0])
    return await _by_policy(state, entry, tool, args)


async def _replayed(state: State, entry: JournalEntry) -> Outcome | None:
    """What a call the journal holds came to; None when it is still to be carried on."""
    ledger, step = state.ledger, entry["step"]
    match entry["status"]:
        case StepStatus.DONE:
            return _result(step, entry)
        case StepStatus.SKIPPED:
            return Skipped(entry["because"])
        case StepStatus.FAILED:
            return Failed(entry["error"] or "")
        case StepStatus.REFUSED:
            return Refused(entry["error"] or "")
        case StepStatus.UNKNOWN:
            return await _unknown(state, entry, state.runtime.tools[entry["tool"]])
        case StepStatus.SENT if step != ledger.sent_step:
            return await _lost(state, entry, state.runtime.tools[entry["tool"]])
        case StepStatus.SENT if ledger.pauses_at(step, Kind.OUTCOME_UNKNOWN):
            tool = state.runtime.tools[entry["tool"]]
            return await _send(state, entry, tool, _shown(entry), sent=True)
    return None


@dataclass(frozen=True)
class _Confirmed:
    """What a step already asked of a person: its latest confirm, and how it meets this call."""

    confirms: list[PauseRecord]
    latest: PauseRecord | None
    same: bool
    """The latest confirm showed exactly these arguments."""
    sent: bool
    """A claim marked this step sent, for this worker to send."""

    @property
    def fresh(self) -> bool:
        """Nothing a person saw stands for this call yet: its facts and preview are to be read."""
        shown = self.same and self.latest is not None and self.latest["state"] != PauseState.CLOSED
        return not self.sent and not shown


async def _by_policy(
    state: State, entry: JournalEntry, tool: Tool, args: dict[str, Value]
) -> Outcome:
    """Carry a call the policy check decides of: refuse it, pause to confirm it, or run it."""
    ledger, runtime, step = state.ledger, state.runtime, entry["step"]
    decided = runtime.policy(
        tool.name, args, ledger.context, ledger.untrusted(step, runtime.untrusted)
    )
    words = CallWords(
        asks=question(tool.spec, tool.name, _plain(args), ledger.language),
        told=call_words(tool.spec, tool.name, _plain(args), ledger.language),
    )
    if decided.action == Action.REFUSE and decided.rule is not None:
        return refuse_call(state, entry, tool, args, decided.rule, words)
    confirms = ledger.pauses_at(step, Kind.CONFIRM)
    latest = _latest(confirms)
    asked = _Confirmed(
        confirms=confirms,
        latest=latest,
        same=latest is not None and same_arguments(latest["interrupt"], args),
        sent=entry["status"] == StepStatus.SENT and step == ledger.sent_step,
    )
    shown: dict[str, Any] = {}
    # The facts are read once, before the pause: its record keeps them for every later pass.
    if tool.spec.facts is not None and asked.fresh:
        read = await _facts_shown(state, entry, tool, args, tool.spec.facts, words)
        if not isinstance(read, dict):
            return read
        shown = read
    if decided.action == Action.CONFIRM:
        return await _confirm(state, entry, tool, args, decided, words, asked, shown)
    words.policy_event(ledger, step, tool.name, Action.RUN)
    return await _send(state, entry, tool, args, sent=asked.sent)


async def _facts_shown(
    state: State,
    entry: JournalEntry,
    tool: Tool,
    args: dict[str, Value],
    facts_spec: FactsSpec,
    words: CallWords,
) -> dict[str, Any] | Outcome:
    """The tool's facts as its card shows them, or the ask or refusal an unmet precondition is."""
    ledger, runtime = state.ledger, state.runtime
    plain = _plain(args)
    key = idempotency_key(ledger.id, entry["step"])
    facts = await read_facts(
        runtime, facts_spec, tool.spec.timeout, plain, ledger.context, key, ledger.language
    )
    failed = unmet(tool.spec, facts, plain, ledger.context)
    if failed is not None and failed.ask is not None:
        kind = tool.spec.arguments[failed.ask].type
        said = say(failed.sentence, ledger.language)
        return ask_for_argument(state, entry, tool, args, Missing(failed.ask, kind, said))
    if failed is not None:
        return refuse_call(state, entry, tool, args, failed, words)
    reader = runtime.tools[facts_spec.tool].spec
    return facts.shown(tool.spec, reader, plain, ledger.language)


async def _confirm(
    state: State,
    entry: JournalEntry,
    tool: Tool,
    args: dict[str, Value],
    decided: Verdict,
    words: CallWords,
    asked: _Confirmed,
    shown: dict[str, Any],
) -> Outcome:
    """Pause for a person's confirmation, or carry on with the answer one already gave."""
    ledger, runtime, step, latest = state.ledger, state.runtime, entry["step"], asked.latest
    # The preview is a dry run with exactly the arguments the card shows, after the facts.
    if tool.preview is not None and asked.fresh:
        shown |= await preview(tool.preview, tool.spec, tool.name, _plain(args), ledger.language)
    if latest is not None and asked.same and latest["state"] == PauseState.OPEN:
        return Paused(latest["id"])
    # An answer of cancel_all never gets here: the pass stops the run before its step runs.
    if latest is not None and asked.same and latest["state"] == PauseState.ANSWERED:
        if latest["decision"] == Decision.SKIP:
            entry["because"] = None
            settle(ledger, entry, StepStatus.SKIPPED)
            state.summary.skipped_by_person.append(tool.name)
            return Skipped()
        return await _send(state, entry, tool, args, sent=asked.sent)
    if latest is not None and latest["state"] == PauseState.OPEN:
        ledger.close_pause(latest["id"])
    agent_file = runtime.agent_file
    pause = make_pause(
        ledger,
        runtime.store.secret,
        PauseAt(
            kind=Kind.CONFIRM, step=step, attempt=len(asked.confirms), tool=tool.name, args=args
        ),
        Card(
            reasons=decided.reasons,
            wording=words.asks,
            why=why(
                decided.reasons,
                tool.spec,
                agent_file.tools,
                ledger.language,
                runtime.agent,
                agent_file.rules,
            ),
            spec=tool.spec,
            irreversible=tool.spec.irreversible,
            expires=agent_file.expiry(Kind.CONFIRM, tool.name),
            extra=shown,
        ),
    )
    words.policy_event(ledger, step, tool.name, Action.CONFIRM, decided.reasons)
    entry["status"] = StepStatus.WAITING
    entry["args"] = arguments(args)
    ledger.put(entry)
    return Paused(open_pause(state, pause))


def _fail(state: State, entry: JournalEntry, error: str, said: str | None = None) -> Failed:
    entry["error"] = error
    settle(state.ledger, entry, StepStatus.FAILED, error=error)
    state.summary.failed = (entry["tool"], error if said is None else said)
    return Failed(error)


def _record(
    state: State,
    entry: JournalEntry,
    tool: Tool,
    result: Any,
    *,
    known: bool = True,
) -> Done:
    entry["result"] = result
    entry["error"] = None
    state.ledger.finish(entry)
    if tool.spec.write:
        register_undo(state.runtime.agent_file, entry, tool.spec, known=known)
    told_result = told(result, tool.spec.shows)
    # An MCP server's text and images are outside content, whatever its hints say.
    content = outside(told_result, tool.spec.server)
    images: list[dict[str, str]] = []
    if content is not None:
        told_result, images = content
    sent_with = {argument["name"]: argument["value"] for argument in entry["args"]}
    language = state.ledger.language
    sentence = reply_sentence(tool.spec, tool.name, sent_with, told_result, language)
    items = result_items(tool.spec, sent_with, told_result, language)
    if items or images:
        state.summary.results.append(
            {
                "step": entry["step"],
                "tool": tool.name,
                "title": title(tool.spec, tool.name, language),
                "said": sentence,
                "done": phrase(language, "done", tool=title(tool.spec, tool.name, language)),
                "items": items,
                "outside": tool.spec.untrusted or content is not None,
                "server": tool.spec.server,
                "images": images,
            }
        )
    unsure = {} if known else {"outcome": Decision.HAPPENED}
    settle(state.ledger, entry, StepStatus.DONE, result=result, said=sentence, **unsure)
    state.summary.done.append((entry["step"], tool.name, sentence))
    return _result(entry["step"], entry)


async def _send(
    state: State,
    entry: JournalEntry,
    tool: Tool,
    args: dict[str, Value],
    *,
    sent: bool,
) -> Outcome:
    """Send the call; a write is marked sent first, so a crash leaves its outcome unknown."""
    if sent:
        state.ledger.use_claim(entry["step"])
    entry["args"] = arguments(args)
    if tool.spec.write and not sent:
        entry["status"] = StepStatus.SENT
        state.ledger.put(entry)
        await state.flush()
    plain = {name: value.value for name, value in args.items()}
    key = idempotency_key(state.ledger.id, entry["step"])
    runs = state.runtime.agent_file.runs
    # An idempotent write whose outcome is lost is sent again, with the same key.
    tries = runs.undo_retries if tool.spec.idempotent else 1
    attempt = 0
    while True:
        attempt += 1
        try:
            result = await invoke(state, tool, plain, key, entry["step"])
        except Ask as ask:
            spec = tool.spec.arguments.get(ask.argument)
            kind = spec.type if spec else ask.type
            missing = Missing(ask.argument, kind, question=ask.question)
            return ask_for_argument(state, entry, tool, args, missing)
        except (OutcomeUnknown, TimeoutError) as error:
            message = (
                str(error)
                if isinstance(error, OutcomeUnknown)
                else phrase(
                    state.ledger.language,
                    "timeout",
                    tool=title(tool.spec, tool.name, state.ledger.language),
                    seconds=f"{tool.spec.timeout:g}",
                )
            )
            if not tool.spec.write:
                return _fail(state, entry, message)
            if attempt < tries:
                await asyncio.sleep(runs.undo_backoff_seconds * 2 ** (attempt - 1))
                continue
            return _outcome_unknown(state, entry, tool, message)
        except Exception as error:
            return _fail(state, entry, f"{type(error).__name__}: {error}", failure_sentence(error))
        return _record(state, entry, tool, result)


def _outcome_unknown(state: State, entry: JournalEntry, tool: Tool, error: str) -> Paused:
    """Pause: a person says whether the write happened; nobody sends it again without them."""
    entry["attempt"] = entry["attempt"] + 1
    entry["error"] = error
    settle(state.ledger, entry, StepStatus.UNKNOWN, error=error)
    pause = make_pause(
        state.ledger,
        state.runtime.store.secret,
        PauseAt(
            kind=Kind.OUTCOME_UNKNOWN,
            step=entry["step"],
            attempt=entry["attempt"],
            tool=tool.name,
            args=_shown(entry),
        ),
        Card(
            reasons=(Reason.WRITE,),
            wording=phrase(
                state.ledger.language,
                "did_it",
                tool=call_words(tool.spec, tool.name, _plain(_shown(entry)), state.ledger.language),
            ),
            why=(phrase(state.ledger.language, "why_unknown"),),
            spec=tool.spec,
            irreversible=tool.spec.irreversible,
            extra={"error": error},
        ),
    )
    return Paused(open_pause(state, pause))


async def _lost(state: State, entry: JournalEntry, tool: Tool) -> Outcome:
    """A step marked sent by a worker that is gone: resend what is safe to, ask about the rest."""
    if not tool.spec.write or tool.spec.idempotent:
        state.ledger.event("call", {"step": entry["step"], "tool": tool.name, "status": "resent"})
        return await _send(state, entry, tool, _shown(entry), sent=True)
    return _outcome_unknown(state, entry, tool, phrase(state.ledger.language, "unknown"))


async def _unknown(state: State, entry: JournalEntry, tool: Tool) -> Outcome:
    """A write nobody knows the outcome of: the person's answer decides."""
    asked = _asked(state, entry, tool)
    if asked is not None:
        return asked
    sent = entry["step"] == state.ledger.sent_step
    return await _send(state, entry, tool, _shown(entry), sent=sent)


def _asked(state: State, entry: JournalEntry, tool: Tool) -> Outcome | None:
    """A write of unknown outcome as far as a person answered; None once it did not happen."""
    pause = _latest(state.ledger.pauses_at(entry["step"], Kind.OUTCOME_UNKNOWN))
    if pause is None or pause["state"] == PauseState.CLOSED:
        error = entry["error"] or phrase(state.ledger.language, "unknown")
        return _outcome_unknown(state, entry, tool, error)
    if pause["state"] == PauseState.OPEN:
        return Paused(pause["id"])
    if pause["decision"] == Decision.HAPPENED:
        return _record(state, entry, tool, None, known=False)
    return None


async def settle_unknown_writes(state: State) -> None:
    """Before a saga undoes anything, each write nobody knows the outcome of is asked about.

    A write left sent by a worker that died is never taken as not done: an idempotent one is
    sent again with its key, any other waits as outcome_unknown. One a person says happened is
    recorded done, so the saga undoes it; one that did not happen is let be, and never sent.
    """
    ledger = state.ledger
    for entry in [entry for entry in ledger.journal.values() if entry["write"]]:
        step, tool = entry["step"], state.runtime.tools[entry["tool"]]
        status = entry["status"]
        if status == StepStatus.SENT and step != ledger.sent_step:
            outcome: Outcome | None = await _lost(state, entry, tool)
        elif status == StepStatus.UNKNOWN or (
            status == StepStatus.SENT and ledger.pauses_at(step, Kind.OUTCOME_UNKNOWN)
        ):
            outcome = _asked(state, entry, tool) or _did_not_happen(state, entry)
        else:
            continue
        if isinstance(outcome, Paused):
            state.park(outcome.pause)


def _did_not_happen(state: State, entry: JournalEntry) -> Skipped:
    """A person said the write did not happen, and the run is being undone: it is let be."""
    entry["because"] = None
    settle(state.ledger, entry, StepStatus.SKIPPED, outcome=Decision.DID_NOT_HAPPEN)
    return Skipped()
