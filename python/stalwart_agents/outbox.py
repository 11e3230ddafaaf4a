"""The webhook outbox's sender: deliveries that the turn could not make, retried with backoff.

Each new pause's delivery is written in the same transaction as the pause (RunStore.apply's
`outbox`), so a worker that dies between the commit and the post loses none. The turn makes
the first attempt itself and reports it under not_notified; whatever it did not deliver, any
worker's sweep sends later, one worker at a time per delivery. Delivery is at least once:
receivers dedupe by interrupt id.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass

from stalwart_agents._generated.models import NotNotified
from stalwart_agents.delivery import attempt, hook_url, notify
from stalwart_agents.door import OnInterrupt, read_interrupt
from stalwart_agents.engine import Advance, Runtime
from stalwart_agents.ids import new_id
from stalwart_agents.store import DueDelivery, Outbox

__all__ = ["Notices", "Retries", "send_due"]

logger = logging.getLogger("stalwart_agents.outbox")


@dataclass(frozen=True)
class Retries:
    """When a failed delivery is tried again: exponential backoff, with a cap and a last attempt."""

    first: float = 10.0
    """Seconds between the first attempt (the turn's own) and the second."""
    cap: float = 3600.0
    """The longest wait between two attempts."""
    attempts: int = 12
    """Attempts in all, the turn's own included; after the last failed one it is given up."""

    def __post_init__(self) -> None:
        if self.first <= 0 or self.cap < self.first:
            raise ValueError(
                f"Retries need 0 < first <= cap, not first={self.first:g}, cap={self.cap:g}."
            )
        if self.attempts < 1:
            raise ValueError(f"Retries need at least 1 attempt, not {self.attempts}.")

    def after(self, failed: int) -> float | None:
        """Seconds until the next attempt once `failed` attempts failed; None to give up."""
        if failed >= self.attempts:
            return None
        return min(self.cap, self.first * 2.0 ** (failed - 1))


class Notices:
    """How a desk tells another channel of its new pauses: the turn's own try, then the outbox's.

    Whether there is a hook decides whether the runtime queues new pauses' deliveries at all.
    """

    def __init__(
        self, runtime: Runtime, hook: OnInterrupt | None, seconds: float, retries: Retries | None
    ) -> None:
        self.runtime = runtime
        self.seconds = seconds
        self.retries = retries or Retries()
        self.hook = hook

    @property
    def hook(self) -> OnInterrupt | None:
        """Told of each new pause as (thread, interrupt); None tells nobody and queues nothing."""
        return self._hook

    @hook.setter
    def hook(self, hook: OnInterrupt | None) -> None:
        self._hook = hook
        # The sweep leaves a delivery to its turn for as long as the turn may hold the run and
        # then try it; after that, the turn's worker is taken to have died.
        self.runtime.outbox = None if hook is None else self.runtime.lease_seconds + self.seconds

    async def first(self, work: Advance) -> list[NotNotified]:
        """The advance's own attempt at each pause it opened; what failed, for its not_notified.

        A failure never fails the turn, which already ran: it is listed, and the outbox has it.
        """
        if self._hook is None:
            return []
        fresh = [
            read_interrupt(pause["interrupt"])
            for pause in work.ledger.open_pauses()
            if pause["id"] in work.summary.new_pauses
        ]
        return await notify(
            self._hook,
            self.runtime.store,
            work.ledger.thread,
            fresh,
            self.seconds,
            retry_in=self.retries.after(1),
        )

    async def due(self) -> int:
        """The sweep's part: send what the outbox has due; how many went."""
        if self._hook is None:
            return 0
        return await send_due(
            self.runtime.store, self._hook, retries=self.retries, seconds=self.seconds
        )


async def send_due(
    store: Outbox,
    hook: OnInterrupt,
    *,
    retries: Retries,
    seconds: float,
    limit: int = 50,
) -> int:
    """Send the outbox's due deliveries, each claimed by this worker alone; how many were sent.

    A claim holds a delivery for twice the attempt's time and a margin, so a worker that dies
    mid-send lets another send it once the hold has passed.
    """
    due = await store.due_deliveries(new_id(), 2 * seconds + 5, limit)
    sent = await asyncio.gather(
        *(_send(store, hook, delivery, retries, seconds) for delivery in due)
    )
    return sum(sent)


async def _send(
    store: Outbox, hook: OnInterrupt, delivery: DueDelivery, retries: Retries, seconds: float
) -> bool:
    """One attempt at one delivery, recorded with when to try again."""
    interrupt = read_interrupt(delivery["interrupt"])
    error = await attempt(hook, delivery["thread"], interrupt, seconds)
    made = delivery["attempts"] + 1
    retry_in = retries.after(made)
    await store.record_delivery(
        delivery["thread"], delivery["pause"], hook_url(hook), error, retry_in=retry_in
    )
    if error is not None and retry_in is None:
        # Nothing will try again: the operator is the last one who can tell the person.
        logger.warning(
            "Gave up delivering pause %s of thread %s after %d attempts: %s",
            delivery["pause"],
            delivery["thread"],
            made,
            error,
        )
    return error is None
