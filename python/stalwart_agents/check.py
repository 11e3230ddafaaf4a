"""The policy check before every call: refuse it, ask a person first, or run it.

Three things are called a check, and this is the first. `stalwart check` (agent_check.py) is
the linter that reads an agent file before it is served, and `check_answer` (answer_check.py)
is the check of a person's answer against its pause before the claim.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from stalwart_agents._generated.enums import Origin
from stalwart_agents.config import AgentFile, RefuseRule
from stalwart_agents.plan import Value

__all__ = ["Action", "Check", "Verdict", "taint_sources"]


class Action(StrEnum):
    """What the policy check decided."""

    # A refusal rule matched: the call does not run.
    REFUSE = "refuse"
    # A person must answer first; the reasons say why.
    CONFIRM = "confirm"
    # Nothing stands in the way.
    RUN = "run"


@dataclass(frozen=True)
class Verdict:
    """The policy check's answer for one call, with every reason in DESIGN's order."""

    action: Action
    reasons: tuple[str, ...] = ()
    rule: RefuseRule | None = None


def taint_sources(
    write: bool, args: Mapping[str, Value], untrusted: Mapping[int, str]
) -> list[str]:
    """The untrusted tools whose data reach this call: any earlier for a write, else by origin."""
    steps = (
        sorted(untrusted)
        if write
        else sorted(
            step
            for step in untrusted
            if any(v.origin == f"{Origin.RESULT}:{step}" for v in args.values())
        )
    )
    tools: list[str] = []
    for step in steps:
        if untrusted[step] not in tools:
            tools.append(untrusted[step])
    return tools


class Check:
    """Runs the agent file's rules over a call's arguments as they are at that moment."""

    def __init__(self, spec: AgentFile) -> None:
        self.spec = spec

    def __call__(
        self,
        tool: str,
        args: Mapping[str, Value],
        context: Mapping[str, Any],
        untrusted: Mapping[int, str],
    ) -> Verdict:
        """Decide for `tool` with `args`; `untrusted` maps earlier untrusted steps to their tool."""
        names = {
            "tool": tool,
            "args": {name: value.value for name, value in args.items()},
            "origins": {name: value.origin for name, value in args.items()},
            "context": dict(context),
        }
        for rule in self.spec.rules.refuse:
            if rule.when.holds(names):
                return Verdict(Action.REFUSE, rule=rule)
        spec = self.spec.tools[tool]
        reasons: list[str] = []
        if spec.write:
            reasons.append("write")
        for name, argument in spec.arguments.items():
            value = args.get(name)
            if value is not None and value.origin.split(":", 1)[0] not in argument.accepts:
                reasons.append(f"argument_origin: {name}")
        reasons.extend(
            f"tainted_call: untrusted:{source}"
            for source in taint_sources(spec.write, args, untrusted)
        )
        reasons.extend(rule.reason for rule in self.spec.rules.confirm if rule.when.holds(names))
        if reasons:
            return Verdict(Action.CONFIRM, tuple(reasons))
        return Verdict(Action.RUN)
