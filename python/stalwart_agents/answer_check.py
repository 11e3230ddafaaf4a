"""check_answer: what every door asks of an answer before its claim, on the pause read once.

The answer check: not the policy check of a call (check.py), nor `stalwart check`
(agent_check.py), the agent file's linter.

The Desk, the HTTP routes and the LangGraph door each read the pause once and ask this; the
claim's transaction then decides, alone, which answer wins.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from stalwart_agents._generated.enums import Decision
from stalwart_agents._generated.models import AskInterrupt, Interrupt
from stalwart_agents._generated.spec import DECISIONS
from stalwart_agents.door import checked_value
from stalwart_agents.errors import InterruptStale, InvalidAnswer
from stalwart_agents.language import DEFAULT_LANGUAGE

__all__ = ["Answer", "check_answer"]


@dataclass(frozen=True)
class Answer:
    """An answer as it was given, before any pause took it."""

    decision: str
    value: Any = None
    kind: str | None = None
    """The kind of pause the answer names (the contract's body); None names none."""
    asked: str | None = None
    """The type an ask's answer names; None names none."""
    corrects: bool = False
    """It approves with corrected arguments, which only an editable pause takes."""
    language: str | None = DEFAULT_LANGUAGE
    """The run's language for an ask's problem; None leaves the value to the door behind."""


def check_answer(pause: Interrupt | None, answer: Answer) -> Any:
    """The answer's value as the pause takes it; the pause stays open when this raises.

    `pause` is None where it does not wait here: the claim then says why.

    Raises:
        InvalidAnswer: no answer at all, a decision the pause does not take, a correction of
            a pause that takes none, or an ask's value not of its type.
        InterruptStale: the answer names another kind, or another ask type, than the pause's.
    """
    if answer.decision not in DECISIONS:
        raise InvalidAnswer(
            f"{answer.decision!r} is not an answer; answers are {', '.join(DECISIONS)}."
        )
    if pause is None:
        return answer.value
    asked = pause.type if isinstance(pause, AskInterrupt) else None
    if answer.kind is not None and answer.kind != pause.kind:
        why = f"it is {pause.kind}, not {answer.kind}: it takes {', '.join(pause.choices)}"
        raise InterruptStale(pause.id, f"{why}. Read what waits again.")
    if answer.asked is not None and answer.asked != asked:
        raise InterruptStale(pause.id, f"it asks for a {asked}, not a {answer.asked}.")
    if answer.corrects and not getattr(pause, "editable", False):
        raise InvalidAnswer(f"The pause {pause.id} takes no correction: answer it without a value.")
    if answer.decision not in pause.choices and not answer.corrects:
        raise InvalidAnswer(
            f"A {pause.kind} pause takes {', '.join(pause.choices)}, not {answer.decision!r}."
        )
    if answer.decision != Decision.ANSWER or answer.language is None:
        return answer.value
    return checked_value(pause, answer.value, answer.language)
