"""Loaded by a bench's `stalwart serve` (bench/streams.py puts this folder on its PYTHONPATH).

Each full garbage collection (generation 2) stops the worker's loop, and every stream with it.
With STALWART_BENCH_GC_LOG set, each one is logged to that path plus `.<pid>`: when it began
(wall clock, as the bench's clients stamp arrivals) and how long it took, so the bench can say
whether a late turn waited for one.
"""

from __future__ import annotations

import gc
import os
import time

_LOG = os.environ.get("STALWART_BENCH_GC_LOG")

if _LOG:
    _out = open(f"{_LOG}.{os.getpid()}", "a", buffering=1)  # noqa: SIM115 - open for the life of the process
    _began = [0.0, 0.0]

    def _watch(phase: str, info: dict[str, int]) -> None:
        if info["generation"] != 2:
            return
        if phase == "start":
            _began[:] = [time.time(), time.perf_counter()]
        else:
            _out.write(f"{_began[0]:.6f} {(time.perf_counter() - _began[1]) * 1000:.3f}\n")

    gc.callbacks.append(_watch)
