"""Telling another channel of each new interrupt; a failure is listed, never raised."""

from __future__ import annotations

import asyncio
import inspect

from stalwart_agents._generated.models import Interrupt, NotNotified
from stalwart_agents.desk import OnInterrupt
from stalwart_agents.store.base import RunStore

__all__ = ["notify"]


async def notify(
    hook: OnInterrupt | None,
    store: RunStore,
    thread: str,
    interrupts: list[Interrupt],
    seconds: float,
) -> list[NotNotified]:
    """Tell the hook of each interrupt, keep each attempt in the store, and list the failures.

    The turn already ran when this is called, so a hook that raises or hangs past `seconds`
    fails only its own delivery.
    """
    if hook is None:
        return []
    failed: list[NotNotified] = []
    url = getattr(hook, "url", None)
    for interrupt in interrupts:
        try:
            outcome = hook(thread, interrupt)
            if inspect.isawaitable(outcome):
                await asyncio.wait_for(outcome, seconds)
            error = None
        except TimeoutError:
            error = f"on_interrupt did not finish within {seconds:g} seconds."
        except Exception as problem:
            error = str(problem) or type(problem).__name__
        await store.record_delivery(thread, interrupt.root.id, url, error)
        if error is not None:
            failed.append(NotNotified(interrupt_id=interrupt.root.id, url=url, error=error))
    return failed
