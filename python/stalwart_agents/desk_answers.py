"""A person's answer to a Desk's pause, claimed: its value checked, then the claim's verdict."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from stalwart_agents._generated.enums import Channel, Decision
from stalwart_agents._generated.models import AskInterrupt, Interrupt
from stalwart_agents.answer_check import Answer, Shown, check_answer
from stalwart_agents.door import read_interrupt
from stalwart_agents.errors import InterruptStale, InvalidAnswer, NotFound
from stalwart_agents.language import DEFAULT_LANGUAGE
from stalwart_agents.store import ClaimResult, PauseRecord, PauseState, RunStore

__all__ = ["AnswerClaim", "claim_answer", "no_thread", "require_thread"]


@dataclass(frozen=True)
class AnswerClaim:
    """One answer to one pause, as resume takes it, to be claimed."""

    thread: str
    interrupt_id: str
    decision: str
    token: str
    value: Any
    by: str | None
    """Who answered, as the claim records it: never a session itself."""
    channel: Channel
    staff: bool
    shown: Shown | None
    """What the answer says of its pause (the HTTP body's kind and ask type), else None."""


async def claim_answer(
    store: RunStore, answer: AnswerClaim, lease: str, lease_seconds: float
) -> ClaimResult:
    """The claim an answer won; the claim's transaction alone decides who wins.

    Raises:
        NotFound: the thread has had no turn.
        InterruptStale: the pause is not open, another answer won it, or the token differs.
        InvalidAnswer: the pause does not take this decision, or the value is not its type.
    """
    decision = answer.decision
    # The pause is read once, and only where the check needs it: an ask's value, or the kind the
    # body names. The claim checks a bare decision itself, so that costs its round trip alone.
    needed = decision == Decision.ANSWER or answer.shown is not None
    record = await store.pause(answer.interrupt_id) if needed else None
    value = await _checked(store, record, answer)
    if decision != Decision.ANSWER:
        value = None
    claim = await store.claim(
        answer.thread,
        answer.interrupt_id,
        answer.token,
        decision,
        value,
        answer.by,
        lease,
        lease_seconds,
        channel=answer.channel,
        staff=answer.staff,
    )
    if claim.status == "bad_decision":
        raise InvalidAnswer(
            f"A {claim.kind} pause takes {', '.join(claim.choices)}, not {decision!r}."
        )
    if claim.status != "ok":
        await require_thread(store, answer.thread)
        raise InterruptStale(answer.interrupt_id, claim.why)
    return claim


async def _checked(store: RunStore, record: PauseRecord | None, answer: AnswerClaim) -> Any:
    """check_answer on the pause read. The run is read only to word an ask's problem in its
    language: whether a value is of its type does not depend on the language."""
    pause = _waiting(record, answer.thread)
    given = Answer.given(answer.decision, answer.value, answer.shown)
    try:
        return check_answer(pause, given)
    except InvalidAnswer:
        if not isinstance(pause, AskInterrupt) or record is None:
            raise
        language = await _run_language(store, record["run"])
        check_answer(pause, replace(given, language=language))
        raise


def _waiting(record: PauseRecord | None, thread: str) -> Interrupt | None:
    """The pause as its person was shown it, where it waits in the thread; else None."""
    if record is None or record["thread"] != thread or record["state"] != PauseState.OPEN:
        return None
    return read_interrupt(record["interrupt"])


async def _run_language(store: RunStore, run: str) -> str:
    """The run's language, in which an ask's answer hears what is wrong with it."""
    loaded = await store.load(run)
    language = loaded.run["turn"].get("language") if loaded is not None else None
    return language or DEFAULT_LANGUAGE


async def require_thread(store: RunStore, thread: str) -> None:
    """NotFound where the thread has had no turn."""
    if not await store.thread_exists(thread):
        raise no_thread(thread)


def no_thread(thread: str) -> NotFound:
    """What a Desk raises for a thread that has had no turn."""
    return NotFound(f"There is no thread {thread!r}.")
