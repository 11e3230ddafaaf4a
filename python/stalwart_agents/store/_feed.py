"""One waiter per store for live events: the streams of a thread share its wake-ups and reads."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine
from typing import Any

from stalwart_agents.store._records import EventRecord

__all__ = ["Feed"]

Read = Callable[[str, int], Awaitable[list[EventRecord]]]
"""The store's `events(thread, after)`: the thread's events after a sequence number."""
Watch = Callable[[], Coroutine[Any, Any, None]]
"""The store's watcher: runs until cancelled, waking the feed's threads as events are stored."""


class _Topic:
    """One followed thread: who follows it, what wakes them, and the reads in flight."""

    def __init__(self, thread: str, read: Read) -> None:
        self.thread = thread
        self.followers = 0
        self.last_seq: int | None = None
        """The thread's last event number when a watcher last looked; None before it has."""
        self._read = read
        self._woken = asyncio.Event()
        self._generation = 0
        self._reads: dict[tuple[int, int], asyncio.Future[list[EventRecord]]] = {}

    def wake(self) -> None:
        """New events may be stored: wake every follower, and start fresh reads after this."""
        woken, self._woken = self._woken, asyncio.Event()
        self._generation += 1
        woken.set()

    def since_now(self) -> tuple[int, asyncio.Event]:
        """The current generation, and the event the next wake sets."""
        return self._generation, self._woken

    async def read(self, after: int, generation: int) -> list[EventRecord]:
        """The events after `after`, read once for every follower asking in this generation.

        A read begun before a wake may miss what woke it, so it is shared only within its
        generation; a follower that leaves does not cancel it for the others.
        """
        key = (after, generation)
        pending = self._reads.get(key)
        if pending is None:
            pending = asyncio.ensure_future(self._read(self.thread, after))
            self._reads[key] = pending
            pending.add_done_callback(lambda done: self._finished(key, done))
        return await asyncio.shield(pending)

    def _finished(self, key: tuple[int, int], done: asyncio.Future[list[EventRecord]]) -> None:
        self._reads.pop(key, None)
        if not done.cancelled():
            # Retrieved here, so an error no follower waited for is not logged as lost.
            done.exception()


class Feed:
    """The threads followed in this process; a store's one watcher wakes them.

    Each follower reads the events after its own cursor and then sleeps until its thread is
    woken, by a NOTIFY on PostgreSQL or a look at the threads' last numbers on SQLite. Followers
    of one thread that are level share one read, so a thousand streams of one thread cost one
    query an event, and a quiet stream costs nothing but its place in a set.
    """

    def __init__(self, read: Read, watch: Watch) -> None:
        self._read = read
        self._watch = watch
        self._watcher: asyncio.Task[None] | None = None
        self._topics: dict[str, _Topic] = {}

    async def aclose(self) -> None:
        """Stop the watcher; the store is closing."""
        if self._watcher is not None:
            self._watcher.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._watcher
            self._watcher = None

    @property
    def threads(self) -> list[str]:
        """The threads someone follows now."""
        return list(self._topics)

    def wake(self, thread: str) -> None:
        """The thread's events may have changed (a NOTIFY named it)."""
        topic = self._topics.get(thread)
        if topic is not None:
            topic.wake()

    def wake_all(self) -> None:
        """Anything may have changed: a watcher (re)connected, or lost its connection."""
        for topic in list(self._topics.values()):
            topic.wake()

    def moved(self, thread: str, last_seq: int) -> None:
        """A watcher saw the thread's last event number; wake its followers if it changed."""
        topic = self._topics.get(thread)
        if topic is not None and topic.last_seq != last_seq:
            topic.last_seq = last_seq
            topic.wake()

    async def follow(self, thread: str, after: int = 0) -> AsyncIterator[EventRecord]:
        """Every event of the thread after `after`, as it is stored; never ends."""
        if self._watcher is None:
            # Started by the first follower and kept: a page that reconnects finds it running.
            self._watcher = asyncio.create_task(self._watch())
        topic = self._topics.get(thread)
        if topic is None:
            topic = self._topics[thread] = _Topic(thread, self._read)
        topic.followers += 1
        try:
            while True:
                generation, woken = topic.since_now()
                events = await topic.read(after, generation)
                for event in events:
                    after = event["id"]
                    yield event
                if not events:
                    await woken.wait()
        finally:
            topic.followers -= 1
            if not topic.followers:
                self._topics.pop(thread, None)
