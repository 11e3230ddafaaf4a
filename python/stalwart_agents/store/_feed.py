"""One waiter per store for live events: the streams of a thread share its wake-ups and reads."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncGenerator, AsyncIterator, Awaitable, Callable, Coroutine
from typing import Any

from stalwart_agents.errors import StoreError
from stalwart_agents.store._records import EventRecord

__all__ = ["Feed", "Following"]

Read = Callable[[str, int, int], Awaitable[list[EventRecord]]]
"""The store's `events(thread, after, limit)`: the thread's events after a sequence number."""
Watch = Callable[[], Coroutine[Any, Any, None]]
"""The store's watcher: runs until cancelled, waking the feed's threads as events are stored."""
LIMIT = 1000
"""Events a read takes at most; a follower that got this many reads again at once."""


class _Read:
    """One read of a thread's events after a cursor, awaited by every follower at that cursor."""

    def __init__(self) -> None:
        self.done = asyncio.Event()
        self.events: list[EventRecord] = []
        self.error: BaseException | None = None
        self.task: asyncio.Task[None] | None = None


class _Topic:
    """One followed thread: who follows it, what wakes them, and the reads in flight."""

    def __init__(self, thread: str, read: Read) -> None:
        self.thread = thread
        self.followers = 0
        self.reads = 0
        """Reads made for this thread's followers, for a test or a benchmark to count."""
        self.last_seq: int | None = None
        """The thread's last event number when a watcher last looked; None before it has."""
        self._read = read
        self._woken = asyncio.Event()
        self._generation = 0
        self._reads: dict[tuple[int, int], _Read] = {}

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
        generation; it runs as its own task, so a follower that leaves cancels nobody's read.
        """
        key = (after, generation)
        shared = self._reads.get(key)
        if shared is None:
            shared = self._reads[key] = _Read()
            shared.task = asyncio.create_task(self._fill(key, shared))
        await shared.done.wait()
        if shared.error is not None:
            raise shared.error
        return shared.events

    async def _fill(self, key: tuple[int, int], shared: _Read) -> None:
        self.reads += 1
        try:
            shared.events = await self._read(self.thread, key[0], LIMIT)
        except Exception as error:  # every follower waiting on this read raises it
            shared.error = error
        finally:
            self._reads.pop(key, None)
            shared.done.set()


class Feed:
    """The threads followed in this process; a store's one watcher wakes them.

    Each follower reads the events after its own cursor and then sleeps until its thread is
    woken, by a NOTIFY on PostgreSQL or a look at the threads' last numbers on SQLite. Followers
    of one thread that are level share one read, so a thousand streams of one thread cost one
    query a wake-up, and a quiet stream costs nothing but its place in a set.
    """

    def __init__(self, read: Read, watch: Watch) -> None:
        self._read = read
        self._watch = watch
        self._watcher: asyncio.Task[None] | None = None
        self._topics: dict[str, _Topic] = {}
        self._closings = 0
        """How many times the store closed: a follower from before a close ends."""

    async def aclose(self) -> None:
        """Stop the watcher and end every follower: the store is closing."""
        self._closings += 1
        self.wake_all()
        if self._watcher is not None:
            self._watcher.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._watcher
            self._watcher = None

    @property
    def threads(self) -> list[str]:
        """The threads someone follows now."""
        return list(self._topics)

    def reads(self, thread: str) -> int:
        """The reads made for the thread's followers since the first of them came."""
        topic = self._topics.get(thread)
        return 0 if topic is None else topic.reads

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

    async def batches(self, thread: str, after: int = 0) -> AsyncGenerator[list[EventRecord], None]:
        """Every event of the thread after `after`, in the batches it is read in; never ends."""
        if self._watcher is None:
            # Started by the first follower and kept: a page that reconnects finds it running.
            self._watcher = asyncio.create_task(self._watch())
        topic = self._topics.get(thread)
        if topic is None:
            topic = self._topics[thread] = _Topic(thread, self._read)
        topic.followers += 1
        opened = self._closings
        try:
            while True:
                if self._closings != opened:
                    raise StoreError("The run store was closed under this stream.")
                generation, woken = topic.since_now()
                events = await topic.read(after, generation)
                if events:
                    after = events[-1]["id"]
                    yield events
                # Whatever was stored after this read began wakes the thread again, so a read
                # that found less than its limit need not be followed by one that finds nothing.
                if len(events) < LIMIT:
                    await woken.wait()
        finally:
            topic.followers -= 1
            if not topic.followers:
                self._topics.pop(thread, None)

    async def events(self, thread: str, after: int = 0) -> AsyncGenerator[EventRecord, None]:
        """The same events one at a time."""
        batches = self.batches(thread, after)
        try:
            async for batch in batches:
                for event in batch:
                    yield event
        finally:
            # Closed here, so the thread's place is freed when the follower leaves, not later.
            await batches.aclose()


class Following:
    """RunStore.listen and listen_batches for a store that keeps a Feed."""

    _feed: Feed

    def listen(self, thread: str, after: int = 0) -> AsyncIterator[EventRecord]:
        """Reads what is there, then sleeps until the store's watcher wakes the thread."""
        return self._feed.events(thread, after)

    def listen_batches(self, thread: str, after: int = 0) -> AsyncIterator[list[EventRecord]]:
        return self._feed.batches(thread, after)
