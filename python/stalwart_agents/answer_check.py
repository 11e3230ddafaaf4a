"""check_answer: what every door asks of an answer before its claim, on the pause read once.

The answer check: not the policy check of a call (check.py), nor `stalwart check`
(agent_check.py), the agent file's linter.

A door (the Desk, the LangGraph door) reads the pause once and asks this, with what the HTTP
route's body said of the pause (Shown); the claim's transaction then decides, alone, which
answer wins.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from stalwart_agents._generated.enums import Decision, Kind
from stalwart_agents._generated.models import AskInterrupt, Interrupt
from stalwart_agents._generated.spec import DECISIONS
from stalwart_agents.errors import InterruptStale, InvalidAnswer
from stalwart_agents.language import DEFAULT_LANGUAGE
from stalwart_agents.tools import coerce
from stalwart_agents.wording import value_problem

__all__ = ["Answer", "Shown", "check_answer"]


@dataclass(frozen=True)
class Shown:
    """What an answer says of its pause, as its person was shown it: the contract body's kind
    and, for an ask, the type asked. The door checks it on the one pause it reads."""

    kind: str
    asked: str | None = None


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
    language: str = DEFAULT_LANGUAGE
    """The run's language, in which an ask's problem is worded."""

    @classmethod
    def given(cls, decision: str, value: Any, shown: Shown | None) -> Answer:
        """The answer a door takes: where the body names the confirm kind, a value corrects."""
        if shown is None:
            return cls(decision, value)
        corrects = shown.kind == Kind.CONFIRM and value is not None
        return cls(decision, value, shown.kind, shown.asked, corrects)


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
    if answer.decision != Decision.ANSWER:
        return answer.value
    return _checked_value(pause, answer.value, answer.language)


def _checked_value(interrupt: Interrupt, value: Any, language: str) -> Any:
    """An ask's answer as its argument's type; a bad one leaves the pause open (422), and the
    person reads what was wrong in the run's language, before the question again."""
    if not isinstance(interrupt, AskInterrupt):
        return value
    if value is None or (isinstance(value, str) and not value.strip()):
        raise InvalidAnswer("This question needs an answer: send it as value.")
    try:
        return coerce(interrupt.type, value)
    except ValueError as error:
        problem = value_problem(interrupt.type, value, error, language)
        raise InvalidAnswer(f"{problem} {interrupt.question}") from None
