"""Run schemathesis's whole engine (every phase, every check) and gather what it found."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from schemathesis.engine import Status, from_schema
from schemathesis.engine import events as engine_events
from schemathesis.schemas import BaseSchema

__all__ = ["Findings", "findings"]


@dataclass
class Findings:
    """What a run found, how many scenarios each phase ran, and what the stateful phase got back."""

    failures: list[str] = field(default_factory=list)
    scenarios: Counter[str] = field(default_factory=Counter)
    stateful: Counter[tuple[str, int]] = field(default_factory=Counter)


def findings(schema: BaseSchema) -> Findings:
    """Every failed check and every error of a run, each with how to reproduce it."""
    run = Findings()
    found = run.failures
    for event in from_schema(schema).execute():
        if isinstance(event, engine_events.ScenarioFinished) and event.status != Status.SKIP:
            run.scenarios[event.phase.value] += 1
            if event.phase.value == "stateful":
                for case_id, interaction in event.recorder.interactions.items():
                    if interaction.response is not None:
                        label = event.recorder.cases[case_id].value.operation.label
                        run.stateful[label, interaction.response.status_code] += 1
        if isinstance(event, engine_events.ScenarioFinished) and event.status == Status.FAILURE:
            for checks in event.recorder.checks.values():
                for check in checks:
                    if check.status == Status.FAILURE and check.failure_info is not None:
                        info = check.failure_info
                        found.append(
                            f"{event.phase.value} {event.label}: {info.failure.title}\n"
                            f"{info.failure.message}\n{info.code_sample}"
                        )
        elif isinstance(event, engine_events.NonFatalError):
            found.append(f"error in {event.label}: {event.value!r}\n{event.info.code_sample}")
        elif isinstance(event, engine_events.FatalError):
            found.append(f"fatal: {event.exception!r}")
    run.failures = sorted(set(found))
    return run
