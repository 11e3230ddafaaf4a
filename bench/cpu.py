"""Where a cycle's CPU goes: the engine's own, the store's, and a profiler's top entries.

`StoreClock` adds up the CPU time the event loop's thread spends on a run store's work:
building statements, SQLite executing them on that thread, psycopg encoding and decoding, JSON
in and out, and the loop's own work for the store's sockets and threads. A call of the store
counts from its start to its return: cycles run one after another, so while the engine waits on
the store, the loop runs nothing but the store's work. The store's own tasks, such as the
notices the PostgreSQL store sends after a durable commit, run while the engine goes on, so
outside a call they count step by step, only while they run. The engine's own CPU in a cycle is
then the loop thread's CPU time across the cycle less that: the desk, the engine, the check,
the pause's id and token, the reply, pydantic, and asyncio's own work between store calls. What
other threads do (SQLite's durable commits on the store's thread, the sync tool on the default
executor) and the PostgreSQL server's work are not on the loop's thread, so neither figure
counts them; time spent waiting (for a disk, a socket or a thread) is not CPU time at all.
"""

from __future__ import annotations

import cProfile
import functools
import inspect
import pstats
import time
from collections.abc import Callable, Coroutine, Generator
from pathlib import Path
from typing import Any

from stalwart_agents.store import RunStore

__all__ = ["StoreClock", "profile_top", "top_entries"]

Method = Callable[..., Coroutine[Any, Any, Any]]


class StoreClock:
    """The loop thread's CPU seconds spent on a store's calls and on its own tasks."""

    def __init__(self, store: RunStore) -> None:
        self.inside = 0.0
        self.on = True
        """Off while a profiler runs, so the clock's own system calls stay out of its figures."""
        self.calls = 0
        """The store's calls under way; the outermost counts, from its start to its return."""
        self.steps = 0
        """The store's own coroutines running now, one inside another; the outermost counts."""
        for name, _ in inspect.getmembers(type(store), inspect.iscoroutinefunction):
            if not name.startswith("__"):
                wrap = self._stepped if name.startswith("_") else self._called
                setattr(store, name, wrap(getattr(store, name)))

    def _counting(self) -> bool:
        return self.calls == 0 and self.steps == 0

    def _called(self, method: Method) -> Method:
        @functools.wraps(method)
        async def called(*args: Any, **kwargs: Any) -> Any:
            if not self.on:
                return await method(*args, **kwargs)
            outermost = self._counting()
            started = time.thread_time() if outermost else 0.0
            self.calls += 1
            try:
                return await method(*args, **kwargs)
            finally:
                self.calls -= 1
                if outermost:
                    self.inside += time.thread_time() - started

        return called

    def _stepped(self, method: Method) -> Method:
        @functools.wraps(method)
        async def stepped(*args: Any, **kwargs: Any) -> Any:
            if not self.on:
                return await method(*args, **kwargs)
            return await _Stepped(self, method(*args, **kwargs))

        return stepped


class _Stepped:
    """Awaits a coroutine, adding the thread's CPU time to the clock only while it runs."""

    def __init__(self, clock: StoreClock, coroutine: Coroutine[Any, Any, Any]) -> None:
        self.clock, self.coroutine = clock, coroutine

    def __await__(self) -> Generator[Any, Any, Any]:
        clock, coroutine = self.clock, self.coroutine
        sent: Any = None
        raised: BaseException | None = None
        while True:
            outermost = clock._counting()
            started = time.thread_time() if outermost else 0.0
            clock.steps += 1
            try:
                waiting = coroutine.send(sent) if raised is None else coroutine.throw(raised)
            except StopIteration as done:
                return done.value
            finally:
                clock.steps -= 1
                if outermost:
                    clock.inside += time.thread_time() - started
            try:
                sent, raised = (yield waiting), None
            except GeneratorExit:
                coroutine.close()
                raise
            except BaseException as error:
                sent, raised = None, error


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
