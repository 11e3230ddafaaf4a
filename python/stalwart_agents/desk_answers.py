"""A person's answer to a Desk's pause, claimed: its value checked, then the claim's verdict."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from stalwart_agents._generated.enums import Channel, Decision, Kind
from stalwart_agents._generated.spec import DECISIONS
from stalwart_agents.door import checked_value, read_interrupt
from stalwart_agents.errors import InterruptStale, InvalidAnswer, NotFound
from stalwart_agents.language import DEFAULT_LANGUAGE
from stalwart_agents.store import ClaimResult, RunStore

__all__ = ["Answer", "claim_answer", "no_thread", "require_thread"]


@dataclass(frozen=True)
class Answer:
    """One answer to one pause, as resume takes it."""

    thread: str
    interrupt_id: str
    decision: str
    token: str
    value: Any
    by: str | None
    """Who answered, as the claim records it: never a session itself."""
    channel: Channel
    staff: bool


async def claim_answer(
    store: RunStore, answer: Answer, lease: str, lease_seconds: float
) -> ClaimResult:
    """The claim an answer won; the claim's transaction alone decides who wins.

    Raises:
        NotFound: the thread has had no turn.
        InterruptStale: the pause is not open, another answer won it, or the token differs.
        InvalidAnswer: the pause does not take this decision, or the value is not its type.
    """
    decision = answer.decision
    if decision not in DECISIONS:
        raise InvalidAnswer(f"{decision!r} is not an answer; answers are {', '.join(DECISIONS)}.")
    value = None
    if decision == Decision.ANSWER:
        value = await _checked_value(store, answer.thread, answer.interrupt_id, answer.value)
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


async def _checked_value(store: RunStore, thread: str, interrupt_id: str, value: Any) -> Any:
    """An ask's answer as its argument's type; a bad one leaves the pause open (422)."""
    pause = await store.pause(interrupt_id)
    if pause is None or pause["thread"] != thread or pause["kind"] != Kind.ASK:
        return value
    run = await store.load(pause["run"])
    language = run.run["turn"].get("language") if run is not None else None
    return checked_value(read_interrupt(pause["interrupt"]), value, language or DEFAULT_LANGUAGE)


async def require_thread(store: RunStore, thread: str) -> None:
    """NotFound where the thread has had no turn."""
    if not await store.thread_exists(thread):
        raise no_thread(thread)


def no_thread(thread: str) -> NotFound:
    """What a Desk raises for a thread that has had no turn."""
    return NotFound(f"There is no thread {thread!r}.")
