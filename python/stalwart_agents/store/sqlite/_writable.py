"""Whether SQLite can write a file, found by trying as SQLite will, so the reason is in words.

SQLite says only "unable to open database file", or opens a read-only file and fails at the
first write. Root ignores permission bits, so nothing short of a real attempt tells.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

__all__ = ["why_unwritable"]


def why_unwritable(path: Path) -> str | None:
    """Why the file at `path` cannot be made or written, as a clause; None where it can."""
    existing = next((place for place in (path, *path.parents) if place.exists()), None)
    if existing is not None and existing != path and not existing.is_dir():
        return f"{existing} is a file, not a folder"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        # The journal (-wal, -shm) goes beside the file: the folder must take new files.
        with tempfile.TemporaryFile(dir=path.parent):
            pass
        if path.exists():
            os.close(os.open(path, os.O_RDWR))
    except OSError as error:
        reason = error.strerror or type(error).__name__
        return reason[:1].lower() + reason[1:]
    return None
