"""A door: something with pauses that takes answers, as the Desk and the LangGraph door are.

One set of routes (serve/_answers.py) serves any door. What every door shares lives here: the
thread id it takes, the hook told of each new pause, and the audit list. How an answer is
checked against its pause is answer_check.py's; telling the hook, and keeping each attempt, is
delivery.py's, beside the outbox.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from typing import Any, Final, Protocol

from pydantic import TypeAdapter, ValidationError

from stalwart_agents._generated.enums import Channel
from stalwart_agents._generated.models import (
    DecisionList,
    DecisionRecord,
    Interrupt,
    ThreadId,
    TurnReply,
)
from stalwart_agents._generated.spec import THREAD_ID_RULE
from stalwart_agents.answer_check import Shown
from stalwart_agents.errors import InvalidRequest
from stalwart_agents.ids import session_handle
from stalwart_agents.store import DecisionRecord as DecisionRow

__all__ = [
    "THREAD_ID_RULE",
    "Door",
    "OnInterrupt",
    "attach_hook",
    "check_thread_id",
    "decision_list",
    "read_interrupt",
]

OnInterrupt = Callable[[str, Interrupt], Awaitable[None] | None]
"""Told of each new pause as (thread, interrupt); sync or async."""


_THREAD_ID: Final = TypeAdapter[str](ThreadId)
_INTERRUPT: Final = TypeAdapter[Interrupt](Interrupt)


def read_interrupt(shown: Any) -> Interrupt:
    """A pause as it is shown, from its stored JSON: the pause of its kind, by `kind`."""
    return _INTERRUPT.validate_python(shown)


class Door(Protocol):
    """Something with pauses that takes answers: what the interrupt and resume routes serve."""

    on_interrupt: OnInterrupt | None
    """Told of each new pause; a failure is listed in the reply's not_notified, never raised."""

    async def waiting(self, thread: str) -> list[Interrupt]:
        """Every open pause of the thread, oldest first.

        Raises:
            NotFound: the thread has never had a turn.
        """
        ...

    async def resume(  # noqa: PLR0913 - the documented resume every door takes
        self,
        thread: str,
        interrupt_id: str,
        decision: str,
        token: str,
        value: Any = None,
        *,
        session: str | None = None,
        by: str | None = None,
        channel: Channel = Channel.DESK,
        staff: bool = False,
        shown: Shown | None = None,
    ) -> TurnReply:
        """One person's answer to one pause, with the token they were shown.

        The answer is recorded with its claim: `channel`, and who gave it (`by`, else the
        session's handle) and whether they are `staff`. `shown` is what the answer says of the
        pause (the HTTP body's kind and ask type): the door checks it on the pause it reads,
        once, before the claim.

        Raises:
            NotFound: the thread has never had a turn.
            InterruptStale: the pause does not wait, the token differs, another answer won,
                or the pause is not of the kind (or ask type) `shown` names.
            InvalidAnswer: the pause does not take the decision, or the value is not its type.
        """
        ...

    async def decisions(self, thread: str, *, session: str | None = None) -> DecisionList:
        """Every answer the thread's pauses took, oldest first, `yours` where `session` gave it.

        Raises:
            NotFound: the thread has never had a turn.
        """
        ...


def decision_list(thread: str, rows: list[DecisionRow], session: str | None) -> DecisionList:
    """The audit list as the spec shows it: times in UTC, and which answers `session` gave."""
    mine = session_handle(session) if session else None
    return DecisionList(
        thread=thread,
        decisions=[
            DecisionRecord.model_validate(
                {
                    **row,
                    "at": datetime.fromtimestamp(row["at"], UTC),
                    "yours": mine is not None and row["by"] == mine,
                }
            )
            for row in rows
        ],
    )


def check_thread_id(value: object) -> str:
    """The thread id as given, when the spec's ThreadId pattern takes it.

    Raises:
        InvalidRequest: it is not a thread id (422 on the wire).
    """
    try:
        return _THREAD_ID.validate_python(value)
    except ValidationError:
        raise InvalidRequest(f"{value!r} is not a thread id: use {THREAD_ID_RULE}.") from None


def attach_hook(door: Door, on_interrupt: OnInterrupt | None) -> None:
    """Give a door made elsewhere the application's on_interrupt, unless it has one already."""
    if on_interrupt is None:
        return
    if door.on_interrupt is not None:
        raise ValueError(
            f"The {type(door).__name__} has an on_interrupt already; give the application none."
        )
    door.on_interrupt = on_interrupt
