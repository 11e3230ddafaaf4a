"""A slower disk for the bench's embedded PostgreSQL: each flush waits a set time first.

Group commit pays where a cycle waits for the flush. This machine's disk flushes in about a
quarter of a millisecond, where a network volume takes one to several; preloading
slow_flush.c into PostgreSQL makes every fsync and fdatasync wait that long before it runs,
so the bench can show what concurrency gives on such a disk. Durability is unchanged: every
flush still happens, later. It needs a C compiler (`cc`).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

SOURCE = Path(__file__).with_name("slow_flush.c")


@contextmanager
def preloaded(delay_ms: float) -> Iterator[None]:
    """While open, processes started from here preload the shim; the delay stays with them.
    With no delay, nothing is built or preloaded."""
    if not delay_ms:
        yield
        return
    folder = Path(tempfile.mkdtemp(prefix="stalwart-slow-flush-"))
    # PostgreSQL runs as its own user when the bench is root, and must read the library.
    folder.chmod(0o755)
    library = folder / "slow_flush.so"
    subprocess.run(
        ["cc", "-shared", "-fPIC", "-O2", "-o", str(library), str(SOURCE), "-ldl"], check=True
    )
    saved = {name: os.environ.get(name) for name in ("LD_PRELOAD", "SLOW_FLUSH_US")}
    os.environ["LD_PRELOAD"] = str(library)
    os.environ["SLOW_FLUSH_US"] = str(round(delay_ms * 1000))
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
        # What started keeps the library mapped.
        shutil.rmtree(folder)
