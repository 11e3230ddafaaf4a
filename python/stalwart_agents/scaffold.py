"""`stalwart init DIR`: a working agent to start from, copied from the templates the wheel ships."""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path
from typing import Final

from stalwart_agents.errors import StalwartError

__all__ = ["FILES", "ScaffoldError", "write_scaffold"]

# What init writes: agent.yaml, its tools (a read, a write and its undo), what it reads in en and
# pt-BR, and a test with SyncDesk. Each is templates/init/<name>.tmpl in the package.
FILES: Final = ("agent.yaml", "tools.py", "vocabulary.yaml", "test_agent.py")


class ScaffoldError(StalwartError):
    """The folder cannot take the new agent: it is a file, or holds files already."""


def write_scaffold(directory: Path) -> list[Path]:
    """Write the agent's files into a new or empty folder; never overwrite anything."""
    if directory.exists() and not directory.is_dir():
        raise ScaffoldError(f"{directory} is a file; name a new or empty folder.")
    if directory.is_dir() and any(directory.iterdir()):
        raise ScaffoldError(f"{directory} is not empty; name a new or empty folder.")
    directory.mkdir(parents=True, exist_ok=True)
    templates = files("stalwart_agents") / "templates" / "init"
    written = []
    for name in FILES:
        target = directory / name
        target.write_text((templates / f"{name}.tmpl").read_text(encoding="utf-8"), "utf-8")
        written.append(target)
    return written
