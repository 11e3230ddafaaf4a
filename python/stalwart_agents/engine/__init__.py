"""Durable execution by replay: a run's step is re-run from its journal on any worker.

How a person's decision becomes a tool call (read this first):

1. The route `POST /threads/{id}/resume` (serve/threads.py) hands it to `Desk.resume` (desk.py),
   which claims the pause in the store: one transaction records the answer, marks an approved
   write sent and takes the run's lease.
2. `advance()` (advance.py) loads the run into a `Ledger` (ledger.py) and calls the agent's step,
   `Runtime.step` (runtime.py; plan_step.py for a plan from agent.yaml), with a `Run` (run.py).
3. The step starts again from the top. Each `await run.call(tool, ...)` reaches `calls.call`
   (calls.py), which replays the journal: a call already done returns its recorded result.
4. The first call not done has its arguments resolved (arguments.py) and meets the check
   (check.py): refused, run, or paused for a person (pauses.py). The decision just claimed lets
   it through: `_send` invokes the tool, records its result and registers its undo (saga.py).
5. `calls.call` returns Done, Paused, Skipped, Refused or Failed (outcomes.py); `Run` hands the
   step a value or an error, and a pause stops the step (`Suspend`).
6. The pass ends: the reply is composed (replies.py, shows.py) and written with the journal in
   one flush that lets go of the run. An answer that came meanwhile makes the run replay again.

`Advance` is the one state object; calls, the saga and unread.py reach it as a `State` (state.py).
"""
