"""Which of a SQLite file's tables and indexes its commits wrote, read from the WAL's frames.

In WAL mode every commit appends each page it changed, whole, as one frame, and a durable commit
flushes all the frames written since the last flush. So frames a cycle are what a cycle costs
the disk, and the table or index each frame's page belongs to says where they come from. The
frame headers give the page numbers (https://sqlite.org/fileformat2.html#walformat); the dbstat
table names each page's tree. Not a test: bench/resume.py --verbose prints it.
"""

from __future__ import annotations

import asyncio
import sqlite3
import struct
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

from stalwart_agents.store.sqlite import SqliteRunStore

__all__ = ["WalWrites", "read_wal", "tree_names", "wal_pass"]

_HEADER = 32
_FRAME_HEADER = 24


@dataclass
class WalWrites:
    """The frames of the WAL's current run, grouped by the commit that wrote them."""

    page_size: int
    commits: list[list[int]]
    """Each commit's pages, in the order written."""

    def trees(self, names: dict[int, str]) -> Counter[str]:
        """How many frames went to each table or index (`names`: page number to tree)."""
        return Counter(names.get(page, f"page {page}") for pages in self.commits for page in pages)

    @property
    def frames(self) -> int:
        return sum(len(pages) for pages in self.commits)


def read_wal(path: Path) -> WalWrites:
    """The committed frames since the WAL last started over: those carrying its header's salts."""
    data = path.read_bytes()
    if len(data) < _HEADER:
        return WalWrites(0, [])
    page_size = struct.unpack(">I", data[8:12])[0]
    salts = data[16:24]
    commits: list[list[int]] = []
    pages: list[int] = []
    offset = _HEADER
    while offset + _FRAME_HEADER + page_size <= len(data):
        page, size_after = struct.unpack(">II", data[offset : offset + 8])
        if data[offset + 8 : offset + 16] != salts:
            break
        pages.append(page)
        if size_after:
            commits.append(pages)
            pages = []
        offset += _FRAME_HEADER + page_size
    return WalWrites(page_size, commits)


def tree_names(path: Path) -> dict[int, str]:
    """Each page's table or index, from dbstat (empty when this SQLite was built without it)."""
    conn = sqlite3.connect(path)
    try:
        return {page: name for name, page in conn.execute("SELECT name, pageno FROM dbstat")}
    except sqlite3.OperationalError:
        return {}
    finally:
        conn.close()


async def wal_pass(
    store: SqliteRunStore, cycles: int, run: Callable[[], Awaitable[None]]
) -> list[str]:
    """What `cycles` more cycles wrote to the WAL, per cycle and by tree, with the store's own
    checkpoints held off so the WAL keeps every frame."""
    every, store.checkpoint_every = store.checkpoint_every, 2**62
    wal = store.path.with_name(store.path.name + "-wal")
    try:
        await _empty(store.path)
        for _ in range(cycles):
            await run()
        writes = read_wal(wal)
    finally:
        store.checkpoint_every = every
    names = tree_names(store.path)
    frames = writes.frames
    lines = [
        f"  the WAL, per cycle ({cycles} cycles, {len(writes.commits) / cycles:.1f} commits "
        f"each): {frames / cycles:.1f} frames of {writes.page_size:,} bytes "
        f"({frames / cycles * (writes.page_size + _FRAME_HEADER) / 1024:,.0f} KiB), "
        f"{frames / max(1, len(writes.commits)):.1f} a commit; by table or index:"
    ]
    if not names:
        lines.append("  (this SQLite has no dbstat table to name the pages)")
    for name, count in writes.trees(names).most_common():
        shown = "sqlite_schema and the file's header (page 1)" if name == "sqlite_schema" else name
        lines.append(f"  {count / cycles:>8.2f}  {shown}")
    return lines


async def _empty(path: Path) -> None:
    """Checkpoint the whole WAL and truncate it, waiting out a checkpoint under way."""
    conn = sqlite3.connect(path)
    try:
        for _ in range(100):
            busy, _, _ = conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
            if not busy:
                return
            await asyncio.sleep(0.05)
        raise RuntimeError(f"{path}: the WAL stayed busy; its frames cannot be counted.")
    finally:
        conn.close()
