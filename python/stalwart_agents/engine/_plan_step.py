"""The built-in step: an agent.yaml agent takes its plan's calls in order, each to its end."""

from __future__ import annotations

import inspect

from stalwart_agents.config import AgentFile
from stalwart_agents.engine._run import Run
from stalwart_agents.engine._runtime import StepFunction, Turn
from stalwart_agents.errors import CallSkipped, ConfigError
from stalwart_agents.tools import import_callable

__all__ = ["agent_step", "plan_step"]


async def plan_step(run: Run, turn: Turn) -> str | None:
    """Run the plan, or the model's calls for a turn nothing read; a skipped call skips the calls
    that need its result, and the rest go on."""
    if not turn.plan.calls:
        await run.delegate()
        return None
    for call in turn.plan.calls:
        try:
            await run.call(call.tool, **call.args)
        except CallSkipped:
            continue
    return None


def agent_step(loaded: AgentFile, index: int) -> StepFunction:
    """The agent's step function: its own `steps:`, else the plan's calls in order."""
    dotted = loaded.agents[index].steps
    if dotted is None:
        return plan_step
    key = f"agents[{index}].steps"
    try:
        step = import_callable(dotted, loaded.base_dir)
    except LookupError as error:
        raise ConfigError(str(loaded.path), loaded.line(key), key, str(error)) from None
    if not inspect.iscoroutinefunction(step):
        problem = "a step must be an async function."
        raise ConfigError(str(loaded.path), loaded.line(key), key, problem)
    return step
