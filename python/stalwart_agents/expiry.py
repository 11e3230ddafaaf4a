"""Pauses that expire: a worker's sweep gives each the answer agent.yaml set for when nobody did.

The answer goes through the same claim as a person's, recorded as by `expiry`, so a person
answering at the same moment either wins (and the sweep leaves that pause) or gets 409.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Final

from stalwart_agents.errors import InterruptStale
from stalwart_agents.store._base import RunStore

__all__ = ["EXPIRY", "expire_due"]

EXPIRY: Final = "expiry"
"""Who answered a pause nobody answered before it expired: its answer's `by`."""


async def expire_due(
    store: RunStore, resume: Callable[..., Awaitable[object]], now: float
) -> list[str]:
    """Give each pause of the store that expired by `now` its expiry answer; their ids.

    Args:
        store: where the pauses wait.
        resume: a person's way to answer a pause (Desk.resume), so expiry takes the same claim.
        now: Unix time.
    """
    answered = []
    for pause in await store.due_pauses(now):
        answer = pause["interrupt"]["expiry_answer"]
        try:
            await resume(pause["thread"], pause["id"], answer, pause["token"], by=EXPIRY)
        except InterruptStale:
            continue
        answered.append(pause["id"])
    return answered
