"""The built-in step: an agent.yaml agent takes its plan's calls in order, each to its end."""

from __future__ import annotations

from stalwart_agents.engine.run import Run
from stalwart_agents.engine.runtime import Turn
from stalwart_agents.errors import CallSkipped

__all__ = ["plan_step"]


async def plan_step(run: Run, turn: Turn) -> str | None:
    """Run the plan; a skipped call skips the calls that need its result, and the rest go on."""
    calls = list(turn.plan.calls)
    if not calls:
        proposed = await run.unread()
        if proposed is None:
            return None
        calls = proposed
    for call in calls:
        try:
            await run.call(call.tool, **call.args)
        except CallSkipped:
            continue
    return None
