"""Durable execution by replay: a run's step is re-run from its journal on any worker.

How a person's decision becomes a tool call (read this first):

1. The route `POST /threads/{id}/resume` (serve/_answers.py) hands it to `Desk.resume` (desk.py),
   which claims the pause in the store: one transaction records the answer, marks an approved
   write sent and takes the run's lease.
2. `advance()` (_advance.py) loads the run into a `Ledger` (_ledger.py) and calls the agent's step,
   `Runtime.step` (_runtime.py; _plan_step.py for a plan from agent.yaml), with a `Run` (_run.py).
3. The step starts again from the top. Each `await run.call(tool, ...)` reaches `calls.call`
   (_calls.py), which replays the journal: a call already done returns its recorded result.
4. The first call not done has its arguments resolved (_arguments.py) and meets the check
   (check.py): refused, run, or paused for a person (_pauses.py). The decision just claimed lets
   it through: `_send` invokes the tool, records its result and registers its undo (_saga.py).
5. `calls.call` returns Done, Paused, Skipped, Refused or Failed (_outcomes.py); `Run` hands the
   step a value or an error, and a pause stops the step (`Suspend`).
6. The pass ends: the reply is composed (_replies.py, _shows.py) and written with the journal in
   one flush that lets go of the run. An answer that came meanwhile makes the run replay again.

`Advance` is the one state object; calls, the saga and _unread.py reach it as a `State` (_state.py).
"""

from stalwart_agents.engine._advance import Advance, Start, advance
from stalwart_agents.engine._calls import NonDeterministicStep
from stalwart_agents.engine._pauses import pick_pause, plan_event
from stalwart_agents.engine._plan_step import agent_step, plan_step
from stalwart_agents.engine._run import Run
from stalwart_agents.engine._runtime import Runtime, StepFunction, Turn
from stalwart_agents.engine._saga import report

__all__ = [
    "Advance",
    "NonDeterministicStep",
    "Run",
    "Runtime",
    "Start",
    "StepFunction",
    "Turn",
    "advance",
    "agent_step",
    "pick_pause",
    "plan_event",
    "plan_step",
    "report",
]
