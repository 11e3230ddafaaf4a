"""The process settings a worker changes before it serves: open files, and the collector's pace."""

from __future__ import annotations

import contextlib
import gc
import sys

__all__ = ["YOUNG_COLLECTION", "raise_open_files", "space_young_collections"]

UNLIMITED = 10240
"""The soft limit asked for where the hard one is unlimited: macOS's OPEN_MAX."""


def raise_open_files() -> int | None:
    """Lift the soft limit on open files to the hard one; the soft limit now, or None.

    Every open stream holds a socket, and many systems start a process with a soft limit of
    1,024 files, so a worker would refuse connections short of a thousand streams. The hard
    limit is the ceiling an unprivileged process may raise itself to; raising it past that is
    the operator's part (`ulimit -Hn`, systemd's LimitNOFILE=).
    """
    if sys.platform == "win32":
        return None
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    # With no hard limit (macOS), a soft limit past the kernel's own maximum is refused.
    wanted = UNLIMITED if hard == resource.RLIM_INFINITY else hard
    if soft != resource.RLIM_INFINITY and soft < wanted:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            soft = wanted
    return soft


YOUNG_COLLECTION = 7_000
"""Tracked objects allocated (net) between two collections of the youngest generation: 700 by
default in CPython."""


def space_young_collections() -> None:
    """Collect the youngest generation ten times less often, so a stream's event dies young.

    A full collection walks every tracked object and stops the loop for all of it: with 1,000
    open streams some 330,000 objects, 140 to 260 ms on this project's bench machine, a pause
    that reaches every stream at once. CPython starts one when enough objects have survived
    two younger collections; at 700 the objects of an event in flight are still alive at many
    of them. At 7,000 they have died first: bench/streams.py measured 4 full collections in
    300 turns to 1,000 streams at 700, and none at 7,000. A young collection walks only the
    live young objects, at most 7,000 of them.
    """
    gc.set_threshold(YOUNG_COLLECTION, *gc.get_threshold()[1:])
