"""A turn nothing read: refuse it, ask whether the model may have it, or hand it to the model."""

from __future__ import annotations

from stalwart_agents.engine._ledger import new_entry
from stalwart_agents.engine._outcomes import Paused
from stalwart_agents.engine._pauses import make_pause, plan_event
from stalwart_agents.engine._runtime import Runtime
from stalwart_agents.engine._state import State, open_pause
from stalwart_agents.plan import Call, Value
from stalwart_agents.store._records import PauseState, StepStatus
from stalwart_agents.wording import phrase

__all__ = ["unread"]


async def unread(runtime: Runtime, state: State, step: int) -> list[Call] | Paused | None:
    """What the agent's on_unread says: the model's calls, a pause to ask first, or None."""
    ledger = state.ledger
    agent = runtime.agent
    if agent.on_unread == "refuse":
        state.summary.said = phrase(ledger.language, "unread")
        return None
    if agent.on_unread == "ask":
        text = ledger.run["turn"].get("text") or ""
        pauses = ledger.pauses_at(step, "delegate")
        latest = pauses[-1] if pauses else None
        if latest is None:
            pause = make_pause(
                ledger,
                runtime.store.secret,
                kind="delegate",
                step=step,
                tool=None,
                args={},
                wording=phrase(ledger.language, "delegate"),
                extra={"text": text},
                covers={"text": text},
            )
            open_pause(state, pause)
            latest = pause
        if latest["state"] == PauseState.OPEN:
            return Paused(latest["id"])
        if latest["decision"] == "decline":
            state.summary.said = phrase(ledger.language, "declined")
            return None
    return await _model_plan(runtime, state, step)


async def _model_plan(runtime: Runtime, state: State, step: int) -> list[Call] | None:
    """The model's calls, asked once and journaled, so a replay never asks again."""
    ledger = state.ledger
    entry = ledger.entry(step)
    if entry is not None and entry["status"] == StepStatus.DONE:
        return [Call.model_validate(call) for call in entry["result"]]
    if entry is not None and entry["status"] == StepStatus.FAILED:
        state.summary.said = entry["error"]
        return None
    entry = new_entry(step, "model", False)
    model = runtime.model
    text = ledger.run["turn"].get("text") or ""
    if model is None:
        said = phrase(ledger.language, "no_model")
        entry["status"] = StepStatus.FAILED
        entry["error"] = said
        ledger.put(entry)
        state.summary.said = said
        return None
    try:
        proposed = await state.renewing(model.propose(text, runtime.catalogue, ledger.language))
    except Exception as error:
        said = phrase(ledger.language, "model_failed")
        entry["status"] = StepStatus.FAILED
        entry["error"] = said
        entry["result"] = {"error": str(error)}
        ledger.put(entry)
        state.summary.said = said
        return None
    planned = [
        Call(
            tool=call.tool,
            args={name: Value(value=v.value, origin="model") for name, v in call.args.items()},
        )
        for call in proposed
    ]
    entry["status"] = StepStatus.DONE
    entry["result"] = [c.model_dump(mode="json") for c in planned]
    ledger.put(entry)
    ledger.event("plan", {"by": "model", "calls": plan_event(planned)})
    return planned
