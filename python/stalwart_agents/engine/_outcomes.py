"""What one call of a run came to, for the `Run` to hand its step: a value, a pause or an error."""

from __future__ import annotations

from dataclasses import dataclass

from stalwart_agents.plan import Call, Value

__all__ = ["Done", "Failed", "Outcome", "Paused", "Proposed", "Refused", "Skipped"]


@dataclass(frozen=True)
class Done:
    """The tool ran (now or in an earlier pass); its result, with the origin `result:<step>`."""

    value: Value


@dataclass(frozen=True)
class Paused:
    """The call waits on this pause for a person; the step stops here."""

    pause: str


@dataclass(frozen=True)
class Skipped:
    """The call did not run: the person skipped it, or it needed a skipped call's result."""

    because: str | None = None
    """The skipped tool whose result it needed; None when the person skipped it."""


@dataclass(frozen=True)
class Refused:
    """A refusal rule matched the call, so it did not run; the rule's sentence says why."""

    sentence: str


@dataclass(frozen=True)
class Failed:
    """The call did not work: the tool raised, or the call named no tool or a wrong argument."""

    error: str


Outcome = Done | Paused | Skipped | Refused | Failed

# A call the model proposed, with the id the provider gave it, so its result goes back to it.
Proposed = tuple[str, Call]
