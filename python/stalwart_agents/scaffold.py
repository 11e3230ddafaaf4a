"""`stalwart init DIR`: a working agent to start from, copied from the templates the wheel ships."""

from __future__ import annotations

import os
import shlex
import shutil
from importlib.resources import files
from importlib.util import find_spec
from pathlib import Path
from typing import Final

from stalwart_agents.errors import StalwartError

__all__ = ["FILES", "ScaffoldError", "as_typed", "next_steps", "write_scaffold"]

# What init writes: agent.yaml, its tools (a read, a write and its undo), what it reads in en and
# pt-BR, a test with SyncDesk and the pytest settings it runs under. Each is
# templates/init/<name>.tmpl in the package.
FILES: Final = ("agent.yaml", "tools.py", "vocabulary.yaml", "test_agent.py", "pytest.ini")


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


def as_typed(program: str) -> str:
    """How a person types `program` from here: its bare name where PATH finds this very file,
    else its path, relative where it is under the working folder."""
    path = Path(program).absolute()
    found = shutil.which(path.name)
    if found is not None and Path(found).absolute() == path:
        return path.name
    if path.is_relative_to(Path.cwd()):
        return shlex.quote(os.path.relpath(path))
    return shlex.quote(str(path))


def next_steps(directory: Path, stalwart: str, python: str) -> list[str]:
    """The commands that serve and test the new agent, with the programs as a person types them."""
    folder = shlex.quote(str(directory))
    steps = [f"{stalwart} serve {shlex.quote(str(directory / 'agent.yaml'))}"]
    # README command 1 installs the runtime only; its test needs pytest besides.
    if find_spec("pytest") is None:
        steps.append(f"{python} -m pip install pytest")
    steps.append(f"{python} -m pytest {folder}")
    return steps
