"""Where a cycle's CPU goes: the engine's own, the store's, and a profiler's top entries.

`StoreClock` wraps a run store's coroutine methods and adds up the CPU time the event loop's
thread spends inside them (building statements, SQLite executing them on that thread, psycopg
encoding and decoding, JSON in and out). The engine's own CPU in a cycle is then the loop
thread's CPU time across the cycle less that: the desk, the engine, the check, the pause's id
and token, the reply, pydantic, and asyncio's own work between store calls. What other threads
do (SQLite's durable commits on the store's thread, the sync tool on the default executor) and
the PostgreSQL server's work are not on the loop's thread, so neither figure counts them; time
spent waiting (for a disk, a socket or a thread) is not CPU time at all. Cycles run one after
another, so nothing else runs on the loop while a store call is awaited.
"""

from __future__ import annotations

import cProfile
import functools
import inspect
import pstats
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from stalwart_agents.store import RunStore

__all__ = ["StoreClock", "profile_top", "top_entries"]


class StoreClock:
    """The loop thread's CPU seconds spent inside a store's calls, added up as they return."""

    def __init__(self, store: RunStore) -> None:
        self.inside = 0.0
        self.on = True
        """Off while a profiler runs, so the clock's own system calls stay out of its figures."""
        for name, _ in inspect.getmembers(RunStore, inspect.iscoroutinefunction):
            if not name.startswith("_"):
                setattr(store, name, self._timed(getattr(store, name)))

    def _timed(self, method: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        @functools.wraps(method)
        async def timed(*args: Any, **kwargs: Any) -> Any:
            if not self.on:
                return await method(*args, **kwargs)
            started = time.thread_time()
            try:
                return await method(*args, **kwargs)
            finally:
                self.inside += time.thread_time() - started

        return timed


def profile_top(profiler: cProfile.Profile, cycles: int, entries: int = 25) -> list[str]:
    """The profiled functions that took the most time of their own, per cycle."""
    return top_entries(pstats.Stats(profiler).stats, cycles, entries)  # type: ignore[attr-defined]


def top_entries(stats: dict[Any, Any], cycles: int, entries: int = 25) -> list[str]:
    """cProfile's rows (by function: primitive calls, calls, own and cumulative seconds), the
    functions with the most time of their own first, per cycle."""
    rows = sorted(stats.items(), key=lambda item: item[1][2], reverse=True)
    total = sum(row[2] for _, row in rows)
    lines = [
        f"  {'own µs':>8}{'with callees':>14}{'calls':>7}  per cycle, under the profiler "
        f"({total / cycles * 1e6:,.0f} µs of own time a cycle in all)"
    ]
    for (path, line, name), (_, calls, own, cumulative, _) in rows[:entries]:
        where = name if path == "~" else f"{name}  {_short(path)}:{line}"
        lines.append(
            f"  {own / cycles * 1e6:>8,.1f}{cumulative / cycles * 1e6:>14,.1f}"
            f"{calls / cycles:>7,.1f}  {where}"
        )
    return lines


def _short(path: str) -> str:
    """A source path from the package or library folder on, not the whole of it."""
    parts = Path(path).parts
    for anchor in ("stalwart_agents", "site-packages", "bench"):
        if anchor in parts:
            return "/".join(parts[parts.index(anchor) + (anchor == "site-packages") :])
    return Path(path).name
