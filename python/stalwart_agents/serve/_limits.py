"""The process limits a worker raises before it serves: one open file per live stream."""

from __future__ import annotations

import contextlib
import sys

__all__ = ["raise_open_files"]

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
