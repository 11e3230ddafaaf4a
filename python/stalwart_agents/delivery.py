"""Webhook delivery: telling a door's hook of each new pause, and keeping each attempt for the
outbox, which sends again what failed."""

from __future__ import annotations

import asyncio
import inspect

from stalwart_agents._generated.models import Interrupt, NotNotified
from stalwart_agents.door import OnInterrupt
from stalwart_agents.store import Outbox

__all__ = ["attempt", "hook_url", "notify"]


async def attempt(
    hook: OnInterrupt, thread: str, interrupt: Interrupt, seconds: float
) -> str | None:
    """Tell the hook of one pause; why it failed, or None when it took it.

    A hook that raises or hangs past `seconds` fails only this delivery.
    """
    try:
        outcome = hook(thread, interrupt)
        if inspect.isawaitable(outcome):
            await asyncio.wait_for(outcome, seconds)
    except TimeoutError:
        return f"on_interrupt did not finish within {seconds:g} seconds."
    except Exception as problem:
        return str(problem) or type(problem).__name__
    return None


def hook_url(hook: OnInterrupt) -> str | None:
    """Where the hook posts, for the record of each attempt; None for a hook that is no Webhook."""
    url = getattr(hook, "url", None)
    return url if isinstance(url, str) else None


async def notify(
    hook: OnInterrupt | None,
    store: Outbox,
    thread: str,
    interrupts: list[Interrupt],
    seconds: float,
    *,
    retry_in: float | None = None,
) -> list[NotNotified]:
    """Tell the hook of each interrupt, keep each attempt in the store, and list the failures.

    The turn already ran when this is called, so a failure fails only its own delivery; where
    the store's outbox holds the delivery, it is due again in `retry_in` seconds.
    """
    if hook is None:
        return []
    failed: list[NotNotified] = []
    url = hook_url(hook)
    for interrupt in interrupts:
        error = await attempt(hook, thread, interrupt, seconds)
        await store.record_delivery(thread, interrupt.id, url, error, retry_in=retry_in)
        if error is not None:
            failed.append(NotNotified(interrupt_id=interrupt.id, url=url, error=error))
    return failed
