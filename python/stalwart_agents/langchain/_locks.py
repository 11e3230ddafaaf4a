"""One lock per thread, so a worker takes a thread's turns and answers one at a time."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

__all__ = ["ThreadLocks"]


class ThreadLocks:
    """asyncio locks by thread, each kept only while someone holds it or waits for it."""

    def __init__(self) -> None:
        self._locks: dict[str, tuple[asyncio.Lock, int]] = {}

    def __len__(self) -> int:
        return len(self._locks)

    @asynccontextmanager
    async def hold(self, thread: str) -> AsyncIterator[None]:
        """Hold the thread's lock for the duration of the block."""
        lock, users = self._locks.get(thread, (asyncio.Lock(), 0))
        self._locks[thread] = (lock, users + 1)
        try:
            async with lock:
                yield
        finally:
            lock, users = self._locks[thread]
            if users == 1:
                del self._locks[thread]
            else:
                self._locks[thread] = (lock, users - 1)
