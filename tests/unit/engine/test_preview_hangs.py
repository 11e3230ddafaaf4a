"""A preview that never returns: the card gets its note on time, and hang after hang cannot take
the threads a server's tools run on."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable
from typing import Any

from stalwart_agents.config import ToolSpec
from stalwart_agents.previews import HANGING_AT_MOST, preview

SPEC = ToolSpec(function="shop:charge_card", timeout=0.05, title={"en": "Charge an order"})
NOTE = {
    "preview": None,
    "preview_note": "Couldn't preview “Charge an order” just now, "
    "so check what it will change yourself before deciding.",
}
# More hangs than any default thread pool has threads: min(32, cores + 4).
HANGS = 40
ORDER = {"order_id": "4411"}


def stuck_on(released: threading.Event) -> Callable[[str], list[dict[str, Any]]]:
    """A sync preview that returns nothing until released."""

    def stuck(order_id: str) -> list[dict[str, Any]]:
        released.wait()
        return []

    return stuck


async def test_a_sync_preview_that_hangs_again_and_again_leaves_threads_for_the_tools() -> None:
    released = threading.Event()
    # Released at the end, so the stuck threads end with the test.
    try:
        for _ in range(HANGS):
            notes = await preview(stuck_on(released), SPEC, "charge_card", ORDER, "en")
            assert notes == NOTE

        loop = asyncio.get_running_loop()
        # A sync tool still gets a thread at once.
        ran = await asyncio.wait_for(loop.run_in_executor(None, lambda: "ran"), 1)
        held = [thread for thread in threading.enumerate() if thread.name == "preview"]
        assert (ran, len(held)) == ("ran", HANGING_AT_MOST)
    finally:
        released.set()


async def test_with_every_preview_thread_held_a_card_gets_its_note_without_waiting() -> None:
    released = threading.Event()
    stuck = stuck_on(released)
    try:
        for _ in range(HANGING_AT_MOST):
            await preview(stuck, SPEC, "charge_card", ORDER, "en")
        patient = SPEC.model_copy(update={"timeout": 30.0})

        started = time.monotonic()
        assert await preview(stuck, patient, "charge_card", ORDER, "en") == NOTE
        assert time.monotonic() - started < 1
    finally:
        released.set()


async def test_a_preview_thread_freed_serves_the_next_card() -> None:
    released = threading.Event()

    def slow(order_id: str) -> list[dict[str, Any]]:
        released.wait()
        return [{"label": f"Order {order_id}", "before": "unpaid", "after": "paid"}]

    for _ in range(HANGING_AT_MOST):
        await preview(slow, SPEC, "charge_card", ORDER, "en")
    released.set()
    await asyncio.sleep(0.2)

    shown = await preview(slow, SPEC, "charge_card", ORDER, "en")
    assert shown["preview"] == [{"label": "Order 4411", "before": "unpaid", "after": "paid"}]


async def test_an_async_preview_that_hangs_is_cancelled_at_its_timeout() -> None:
    ended: list[str] = []

    async def stuck(order_id: str) -> list[dict[str, Any]]:
        try:
            await asyncio.Event().wait()
        finally:
            ended.append(order_id)
        return []

    assert await preview(stuck, SPEC, "charge_card", ORDER, "en") == NOTE
    assert ended == ["4411"]
