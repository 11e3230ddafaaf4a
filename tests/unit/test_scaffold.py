"""`stalwart init DIR` writes an agent whose own test passes and which serves at once."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

from stalwart_agents import scaffold as scaffold_module
from stalwart_agents.scaffold import FILES, next_steps
from tests.reader_pytest import as_a_reader
from tests.unit.serve.test_host import stalwart_serve

STALWART = Path(sys.executable).with_name("stalwart")


def stalwart(*argv: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """The command as after README command 1: the venv is not activated, nor on PATH."""
    return subprocess.run(
        [str(STALWART), *argv],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PATH": "/usr/bin:/bin"},
    )


@dataclass(frozen=True)
class Initialised:
    """Where `stalwart init notes` ran, and what it printed."""

    where: Path
    printed: str


@pytest.fixture(scope="module")
def initialised(tmp_path_factory: pytest.TempPathFactory) -> Initialised:
    """One `stalwart init notes`, shared, run in a folder of its own as a person would."""
    where = tmp_path_factory.mktemp("init")
    done = stalwart("init", "notes", cwd=where)
    assert done.returncode == 0, done.stderr
    return Initialised(where, done.stdout)


@pytest.fixture(scope="module")
def scaffold(initialised: Initialised) -> Path:
    """The folder the shared `stalwart init` wrote."""
    return initialised.where / "notes"


def test_init_writes_the_agent_its_tools_its_vocabulary_and_its_test(scaffold: Path) -> None:
    assert sorted(path.name for path in scaffold.iterdir()) == sorted(FILES)


def test_the_test_command_init_prints_passes_where_it_was_run_without_a_warning(
    initialised: Initialised,
) -> None:
    (command,) = [line.strip() for line in initialised.printed.splitlines() if "-m pytest" in line]
    done = subprocess.run(
        f"{command} -q -p no:cacheprovider -W error",
        shell=True,
        cwd=initialised.where,
        capture_output=True,
        text=True,
        timeout=300,
        env=as_a_reader(os.environ),
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "5 passed" in done.stdout
    assert "warning" not in done.stdout.lower()


def test_init_names_the_python_that_has_the_package_not_whatever_python_is_first(
    initialised: Initialised,
) -> None:
    assert f"{sys.executable} -m pytest notes" in initialised.printed
    assert f"{STALWART} serve notes/agent.yaml" in initialised.printed


def test_where_pytest_is_missing_init_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(scaffold_module, "find_spec", lambda name: None)

    steps = next_steps(Path("notes"), "stalwart", sys.executable)

    assert steps[1:] == [
        f"{sys.executable} -m pip install pytest",
        f"{sys.executable} -m pytest notes",
    ]


def test_the_scaffold_serves_a_turn_that_pauses_and_is_approved(
    scaffold: Path, tmp_path: Path
) -> None:
    notes = tmp_path / "notes.json"
    with stalwart_serve(scaffold / "agent.yaml", env={"NOTES_FILE": str(notes)}) as (url, _):
        turn = httpx.post(
            f"{url}/threads/t-1/messages", json={"text": "add a note saying buy milk"}, timeout=30
        )
        assert turn.status_code == 200, turn.text
        (pause,) = turn.json()["waiting"]
        assert pause["tool"] == "add_note"
        assert not notes.exists()
        answer = {"interrupt_id": pause["id"], "decision": "approve", "token": pause["token"]}
        approved = httpx.post(f"{url}/threads/t-1/resume", json=answer, timeout=30)
    assert approved.status_code == 200, approved.text
    assert approved.json()["waiting"] == []
    assert '"text": "buy milk"' in notes.read_text()


def test_init_will_not_write_into_a_folder_that_holds_files(tmp_path: Path) -> None:
    (tmp_path / "keep.txt").write_text("mine", encoding="utf-8")

    done = stalwart("init", str(tmp_path))

    assert done.returncode == 2
    assert done.stderr == f"stalwart init: {tmp_path} is not empty; name a new or empty folder.\n"
    assert [path.name for path in tmp_path.iterdir()] == ["keep.txt"]


def test_the_scaffold_checks_clean(scaffold: Path) -> None:
    done = stalwart("check", "agent.yaml", cwd=scaffold)
    assert (done.returncode, done.stdout, done.stderr) == (
        0,
        "agent.yaml: no problems found.\n",
        "",
    )
