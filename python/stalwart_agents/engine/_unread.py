"""A turn nothing read: refuse it, ask whether the model may have it, or hand it to the model.

Nothing offers what cannot happen: an agent without a model says it did nothing and offers
what it can do (`unread` in the reply), and never a card that hands the turn to nobody.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from stalwart_agents._generated.enums import Decision, Kind, OnUnread, Origin
from stalwart_agents.engine._ledger import new_entry
from stalwart_agents.engine._outcomes import Paused, Proposed
from stalwart_agents.engine._pauses import Card, PauseAt, make_pause, plan_event
from stalwart_agents.engine._runtime import Runtime
from stalwart_agents.engine._state import State, open_pause
from stalwart_agents.model import (
    Asked,
    ModelError,
    ModelSettings,
    ModelUnknownTool,
    ModelWrongArgument,
    Ran,
)
from stalwart_agents.plan import Call, Value
from stalwart_agents.store import JournalEntry, PauseState, StepStatus
from stalwart_agents.wording import label, phrase, title

__all__ = ["reader", "unread"]

# How often the model is asked for one turn when Python gave it without agent.yaml's settings.
DEFAULT_STEPS = ModelSettings.model_fields["steps"].default


async def unread(
    state: State, step: int, ran: Sequence[Sequence[Ran]] = ()
) -> list[Proposed] | Paused | None:
    """What the agent's on_unread says: the model's calls, a pause to ask first, or None.

    With `ran` (reads the model's earlier answers ran), the model was already let read the turn:
    it is asked again with their results.
    """
    runtime = state.runtime
    if ran:
        return await _model_plan(state, step, ran)
    ledger = state.ledger
    agent = runtime.agent
    if agent.on_unread == OnUnread.REFUSE or not _has_model(runtime):
        state.summary.said = phrase(ledger.language, "unread")
        state.summary.unread = True
        return None
    if agent.on_unread == OnUnread.ASK:
        text = ledger.run["turn"].get("text") or ""
        pauses = ledger.pauses_at(step, Kind.DELEGATE)
        latest = pauses[-1] if pauses else None
        if latest is None:
            pause = make_pause(
                ledger,
                runtime.store.secret,
                PauseAt(kind=Kind.DELEGATE, step=step, tool=None, args={}, covers={"text": text}),
                Card(
                    wording=phrase(ledger.language, Kind.DELEGATE),
                    extra={"text": text, "reader": reader(runtime)},
                    expires=runtime.agent_file.expiry(Kind.DELEGATE, None),
                ),
            )
            open_pause(state, pause)
            latest = pause
        if latest["state"] == PauseState.OPEN:
            return Paused(latest["id"])
        if latest["decision"] == Decision.DECLINE:
            state.summary.said = phrase(ledger.language, "declined")
            return None
    return await _model_plan(state, step, ran)


def _has_model(runtime: Runtime) -> bool:
    """A model could read the turn: agent.yaml names one (its key may come later), or Python did."""
    return runtime.model is not None or runtime.agent.model is not None


def _settings(runtime: Runtime) -> ModelSettings | None:
    """The model's settings: agent.yaml's, else those of the provider Python gave, if it has any."""
    given = getattr(runtime.model, "settings", None)
    return runtime.agent.model or (given if isinstance(given, ModelSettings) else None)


def reader(runtime: Runtime) -> dict[str, Any] | None:
    """Who would read a delegated turn (the spec's ModelReader), where that is known."""
    settings = _settings(runtime)
    if settings is None:
        return None
    return {"provider": settings.provider_name, "model": settings.model, "local": settings.local}


def _note(runtime: Runtime, **facts: Any) -> dict[str, Any]:
    """The spec's ModelNote: which model, and what it did for this reply."""
    settings = _settings(runtime)
    note: dict[str, Any] = {
        "provider": settings.provider if settings else "custom",
        "model": settings.model if settings else type(runtime.model).__name__,
        "wrote_reply": False,
        "problem": None,
        "input_tokens": None,
        "output_tokens": None,
    }
    note.update(facts)
    return note


async def _model_plan(
    state: State, step: int, ran: Sequence[Sequence[Ran]]
) -> list[Proposed] | Paused | None:
    """The model's calls, each exchange asked once and journaled, so a replay never asks again.

    A question back is an `ask` pause at this step; its answer goes back to the model with the
    reads and the questions and answers so far, up to `model.steps` exchanges for the turn.
    """
    ledger = state.ledger
    entry = ledger.entry(step)
    if entry is None:
        entry = await _ask_model(state, step, [], ran)
    while True:
        result = entry["result"]
        if entry["status"] == StepStatus.FAILED:
            state.summary.said = entry["error"]
            state.summary.model = result.get("note") if isinstance(result, dict) else None
            return None
        # A run journaled before replies carried the model's note holds the bare list of calls.
        if not isinstance(result, dict):
            return [("", Call.model_validate(call)) for call in result]
        state.summary.model = result["note"]
        question = result.get("question")
        if question is None:
            if not result["calls"]:
                state.summary.said = result["said"]
            # A run journaled before reads went back to the model kept no call ids.
            ids = result.get("ids") or [""] * len(result["calls"])
            return [(i, Call.model_validate(c)) for i, c in zip(ids, result["calls"], strict=True)]
        asked = [Asked.model_validate(each) for each in result.get("asked", [])]
        pauses = ledger.pauses_at(step, Kind.ASK)
        if len(pauses) <= len(asked):
            return Paused(_ask_person(state, step, question["text"], len(asked)))
        pause = pauses[len(asked)]
        if pause["state"] == PauseState.OPEN:
            return Paused(pause["id"])
        asked.append(
            Asked(id=question["id"], question=question["text"], answer=str(pause["value"]))
        )
        entry = await _ask_model(state, step, asked, ran)


def _ask_person(state: State, step: int, question: str, earlier: int) -> str:
    """An `ask` pause with the model's question, in the model's words: its answer is `reply`."""
    runtime = state.runtime
    pause = make_pause(
        state.ledger,
        runtime.store.secret,
        PauseAt(
            kind=Kind.ASK,
            step=step,
            tool=None,
            args={},
            covers={"model_question": question, "asked": earlier},
        ),
        Card(
            wording=question,
            extra={
                "argument": None,
                "type": "string",
                "question": question,
                "model_question": True,
            },
        ),
    )
    return open_pause(state, pause)


async def _ask_model(
    state: State, step: int, asked: list[Asked], ran: Sequence[Sequence[Ran]]
) -> JournalEntry:
    """Ask the model once, and journal what it answered or why it could not, in the run's words."""
    runtime = state.runtime
    ledger = state.ledger
    language = ledger.language
    entry = new_entry(step, "model", False)
    model = runtime.model
    text = ledger.run["turn"].get("text") or ""
    settings = _settings(runtime)
    if model is None:
        entry["status"] = StepStatus.FAILED
        entry["error"] = phrase(language, "model_no_key")
        entry["result"] = {"note": _note(runtime, problem="no_key")}
        ledger.put(entry)
        return entry
    if len(asked) + len(ran) >= (settings.steps if settings else DEFAULT_STEPS):
        entry["status"] = StepStatus.FAILED
        entry["error"] = phrase(language, "model_too_many_steps")
        entry["result"] = {"note": _note(runtime, problem="too_many_steps")}
        ledger.put(entry)
        return entry
    try:
        # Without questions asked or reads run, the three-argument call a provider Python gave
        # may expect.
        proposing = (
            model.propose(text, runtime.catalogue, language, asked, ran=ran)
            if ran
            else model.propose(text, runtime.catalogue, language, *((asked,) if asked else ()))
        )
        answer = await state.renewing(proposing)
    except ModelError as error:
        entry["status"] = StepStatus.FAILED
        entry["error"] = _failure(runtime, error, language)
        entry["result"] = {"error": str(error), "note": _note(runtime, problem=error.problem)}
        ledger.put(entry)
        return entry
    planned = [
        Call(
            tool=call.tool,
            args={name: Value(value=v.value, origin=Origin.MODEL) for name, v in call.args.items()},
        )
        for call in answer.calls
    ]
    usage = answer.usage.model_dump()
    wrote = bool(answer.text) and not planned and answer.question is None
    entry["status"] = StepStatus.DONE
    entry["result"] = {
        "calls": [c.model_dump(mode="json") for c in planned],
        "ids": answer.ids if len(answer.ids) == len(planned) else [""] * len(planned),
        "said": answer.text or phrase(language, "model_nothing"),
        "note": _note(runtime, wrote_reply=wrote, **usage),
        "question": answer.question.model_dump() if answer.question else None,
        "asked": [each.model_dump() for each in asked],
    }
    ledger.put(entry)
    ledger.event("plan", {"by": "model", "calls": plan_event(planned), "usage": usage})
    # Kept before its calls run: a worker that crashes after them never asks the model again.
    await state.flush()
    return entry


def _failure(runtime: Runtime, error: ModelError, language: str) -> str:
    """The reply for a model that could not read the turn, one sentence for each way it fails."""
    if isinstance(error, ModelWrongArgument):
        tool = runtime.agent_file.tools[error.tool]
        return phrase(
            language,
            "model_wrong_argument",
            tool=title(tool, error.tool, language),
            argument=label(tool, error.argument, language),
        )
    if isinstance(error, ModelUnknownTool):
        return phrase(language, "model_unknown_tool", tool=error.tool)
    return phrase(language, f"model_{error.problem}")
