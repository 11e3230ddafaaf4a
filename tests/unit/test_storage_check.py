"""A run store that cannot be written is named by `stalwart check` and `stalwart serve` at the
storage line, with a fix; never a traceback. Root ignores permission bits, so each path is made
read-only for real: a mount in a user namespace, or a path under a file."""

from __future__ import annotations

import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

STALWART = Path(sys.executable).with_name("stalwart")
AGENT = """\
agents:
  - name: Notes
tools:
  list_notes:
    function: notes_tools:list_notes
storage: sqlite:///{path}
"""


def _namespaces() -> bool:
    try:
        done = subprocess.run(["unshare", "-rm", "true"], capture_output=True, timeout=10)
    except OSError:
        return False
    return done.returncode == 0


NAMESPACES = _namespaces()
needs_namespaces = pytest.mark.skipif(not NAMESPACES, reason="no user namespaces to mount in")


def agent(tmp_path: Path, store: Path) -> Path:
    (tmp_path / "notes_tools.py").write_text("def list_notes():\n    return []\n", "utf-8")
    path = tmp_path / "agent.yaml"
    path.write_text(AGENT.format(path=store), encoding="utf-8")
    return path


def run(command: str, agent_file: Path, mounts: str = "") -> subprocess.CompletedProcess[str]:
    """`stalwart check` or `serve` (on a free port), after the mounts, in a namespace of its own."""
    stalwart = f"{shlex.quote(str(STALWART))} {command} {shlex.quote(str(agent_file))}"
    if command == "serve":
        stalwart += " --port 0"
    argv = (
        ["unshare", "-rm", "sh", "-ec", f"{mounts}\nexec {stalwart}"]
        if mounts
        else ["sh", "-ec", stalwart]
    )
    return subprocess.run(argv, capture_output=True, text=True, timeout=60, cwd=agent_file.parent)


@dataclass(frozen=True)
class Checked:
    """An agent on a fresh store, and what `stalwart check` said as it made the store."""

    agent_file: Path
    store: Path
    done: subprocess.CompletedProcess[str]


@pytest.fixture(scope="module")
def checked(tmp_path_factory: pytest.TempPathFactory) -> Checked:
    """One `stalwart check` that makes a store, for each test that needs a store made."""
    folder = tmp_path_factory.mktemp("checked")
    store = folder / "runs.db"
    agent_file = agent(folder, store)
    return Checked(agent_file, store, run("check", agent_file))


def assert_named(done: subprocess.CompletedProcess[str], store: Path, why: str) -> None:
    assert done.returncode == 2, done.stdout + done.stderr
    assert "chat:" not in done.stdout
    assert "Traceback" not in done.stderr
    lines = done.stderr.splitlines()
    assert lines[0].startswith(f"agent.yaml, line 6, at storage: the SQLite file '{store}' "), lines
    assert why in lines[0]
    assert lines[1].startswith("  fix: ")


@pytest.mark.parametrize("command", ["check", "serve"])
def test_a_store_under_a_file_is_named(command: str, tmp_path: Path) -> None:
    (tmp_path / "data").write_text("a file, not a folder", encoding="utf-8")
    store = tmp_path / "data" / "runs.db"

    assert_named(run(command, agent(tmp_path, store)), store, "is a file, not a folder")


@needs_namespaces
@pytest.mark.parametrize("command", ["check", "serve"])
def test_a_store_in_a_read_only_folder_is_named(command: str, tmp_path: Path) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    store = folder / "runs.db"
    mounts = f"mount -t tmpfs -o ro tmpfs {shlex.quote(str(folder))}"

    assert_named(run(command, agent(tmp_path, store), mounts), store, "cannot be written")


@needs_namespaces
@pytest.mark.parametrize("command", ["check", "serve"])
def test_a_read_only_store_file_is_named(command: str, checked: Checked) -> None:
    assert checked.done.returncode == 0, checked.done.stderr
    file = shlex.quote(str(checked.store))
    mounts = f"mount --bind {file} {file}\nmount -o remount,bind,ro {file}"

    assert_named(run(command, checked.agent_file, mounts), checked.store, "cannot be written")


def test_check_opens_the_store_as_serve_will(checked: Checked) -> None:
    assert (checked.done.returncode, checked.done.stderr) == (0, "")
    assert checked.store.is_file()
