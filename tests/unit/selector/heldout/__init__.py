"""The held-out shop turns and how a selector scores on them: exact, wrong, missed, false plan.

The turns (en.yaml, pt-BR.yaml) were written from the reference chapter and the design's shop
tools, not from the vocabulary, so they measure how the reader generalises. bench/selector.py
prints the same score next to its latency.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from stalwart_agents.plan import Plan
from stalwart_agents.selector import Selector
from stalwart_agents.yaml_loader import Loader

HERE = Path(__file__).parent
FILES = {"en": HERE / "en.yaml", "pt-BR": HERE / "pt-BR.yaml"}

# A call as compared: the tool, and each argument as (value, type name, origin).
Read = tuple[tuple[str, tuple[tuple[str, tuple[Any, str, str]], ...]], ...]


@dataclass(frozen=True)
class Turn:
    """One held-out turn: what the person typed and the plans that read it right."""

    text: str
    language: str
    category: str
    expected: Read
    accepted: tuple[Read, ...]

    @property
    def is_action(self) -> bool:
        """A turn that asks for something, as against one that must stay unread."""
        return bool(self.expected)


@dataclass
class Score:
    """How many turns of each outcome, and which turns missed the mark."""

    outcomes: Counter[str] = field(default_factory=Counter)
    by_category: dict[str, Counter[str]] = field(default_factory=dict)
    misses: list[tuple[Turn, Read]] = field(default_factory=list)

    @property
    def actions(self) -> int:
        """How many turns ask for something."""
        return sum(self.outcomes[name] for name in ("exact", "wrong", "missed"))

    @property
    def negatives(self) -> int:
        """How many turns must stay unread (or plan only what the `also` plans allow)."""
        return self.outcomes["unread"] + self.outcomes["false"]

    @property
    def exact_share(self) -> float:
        """The share of action turns read exactly."""
        return self.outcomes["exact"] / self.actions if self.actions else 1.0


def _call(call: dict[str, Any]) -> tuple[str, tuple[tuple[str, tuple[Any, str, str]], ...]]:
    args = tuple(sorted((name, (v[0], v[1], v[2])) for name, v in call["args"].items()))
    return (call["tool"], args)


def _plan(plan: Any) -> Read:
    return () if plan == "none" else tuple(_call(call) for call in plan)


def load() -> list[Turn]:
    """Every held-out turn, English first."""
    turns = []
    for language, path in FILES.items():
        for entry in yaml.load(path.read_text(encoding="utf-8"), Loader=Loader):
            expected = _plan(entry["plan"])
            also = tuple(_plan(plan) for plan in entry.get("also", []))
            turns.append(
                Turn(entry["text"], language, entry["category"], expected, (expected, *also))
            )
    return turns


def read(plan: Plan) -> Read:
    """A plan in the held-out files' terms."""
    return tuple(
        (
            call.tool,
            tuple(
                sorted(
                    (name, (v.value, type(v.value).__name__, v.origin))
                    for name, v in call.args.items()
                )
            ),
        )
        for call in plan.calls
    )


def outcome(turn: Turn, got: Read) -> str:
    """An action turn is exact, wrong (another plan) or missed (no plan); any other turn stays
    unread (or plans only what it accepts) or is a false plan."""
    if not turn.is_action:
        return "unread" if got in turn.accepted else "false"
    if got in turn.accepted:
        return "exact"
    return "wrong" if got else "missed"


def score(selector: Selector, turns: list[Turn] | None = None) -> Score:
    """Read every held-out turn and count the outcomes, overall and per category."""
    result = Score()
    for turn in load() if turns is None else turns:
        got = read(selector.plan(turn.text, turn.language))
        name = outcome(turn, got)
        result.outcomes[name] += 1
        result.by_category.setdefault(turn.category, Counter())[name] += 1
        if name not in ("exact", "unread"):
            result.misses.append((turn, got))
    return result


def report(name: str, result: Score) -> str:
    """The exact share and every turn not read exactly, for a person to read in the test log."""
    lines = [
        f"{name}: {result.outcomes['exact']}/{result.actions} action turns exact "
        f"({result.exact_share:.1%}), wrong {result.outcomes['wrong']}, "
        f"missed {result.outcomes['missed']}, false plans {result.outcomes['false']} "
        f"of {result.negatives} turns that must stay unread"
    ]
    for turn, got in result.misses:
        lines.append(f"  not exact [{turn.language}/{turn.category}] {turn.text!r}")
        lines.append(f"    expected {turn.expected}\n    got      {got}")
    return "\n".join(lines)
