"""The in-process anchor for bench/serve.py: a served cycle's cycle, on a Desk, with no HTTP.

Issue 36 measures the served path against the in-process one on the same store, in the same
run: the whole process's CPU a cycle (every thread: the loop, the store's, the tool's) of
bench/resume.py's cycle, a turn given as a plan that pauses and its approval. The served turn is
text, which the reader reads first, so the same cycle with the served turn's text is timed
beside it: served less text is what HTTP costs, text less plan what reading costs.
"""

from __future__ import annotations

import asyncio
import os
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from resume import PLAN as RESUME_PLAN

from stalwart_agents.desk import Desk
from stalwart_agents.plan import Plan

# resume.py's plan, for the served agent's tool.
PLAN = Plan(
    calls=(RESUME_PLAN.calls[0].model_copy(update={"tool": "charge"}),),
    text="charge 40 to the order 4411",
)


@dataclass(frozen=True)
class Anchor:
    """The whole process's CPU a cycle, in ms, the median of the rounds' means."""

    plan_ms: float
    text_ms: float
    request_ms: float | None = None
    """The worker's CPU a request of bench/bare_server.py: what uvicorn and Starlette spend."""


async def _cycle(desk: Desk, thread: str, turn: str | Plan) -> float:
    """One turn that pauses and its approval; the process's CPU seconds it took."""
    cpu = time.process_time()
    pause = (await desk.turn(thread, turn)).waiting[0]
    reply = await desk.resume(thread, pause.id, "approve", pause.token)
    spent = time.process_time() - cpu
    if reply.waiting:
        raise RuntimeError(f"The approved charge did not run: {reply.reply}")
    return spent


async def _measure(agent: Path, cycles: int, warmup: int, rounds: int) -> Anchor:
    """Plan and text cycles in alternating rounds, so a busy machine slows them alike."""
    means: dict[str, list[float]] = {"plan": [], "text": []}
    async with Desk(agent) as desk:
        for n in range(warmup):
            await _cycle(desk, f"w-{n}", PLAN)
            await _cycle(desk, f"v-{n}", f"charge 40 to the order v{n}")
        for r in range(rounds):
            for kind in means:
                spent = [
                    await _cycle(
                        desk,
                        f"{kind}-{r}-{n}",
                        PLAN if kind == "plan" else f"charge 40 to the order {r}x{n}",
                    )
                    for n in range(cycles // rounds)
                ]
                means[kind].append(sum(spent) / len(spent))
    return Anchor(statistics.median(means["plan"]) * 1000, statistics.median(means["text"]) * 1000)


def in_process(folder: Path, cycles: int = 400, warmup: int = 40, rounds: int = 8) -> Anchor:
    """The anchor on the agent file `folder` holds (bench/serve.py's `serving` wrote it)."""
    os.environ["SERVED_LEDGER"] = str(folder / "ledger.txt")
    sys.path.insert(0, str(folder))
    try:
        return asyncio.run(_measure(folder / "agent.yaml", cycles, warmup, rounds))
    finally:
        sys.path.remove(str(folder))
