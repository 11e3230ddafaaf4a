"""`stalwart init DIR` writes an agent whose own test passes and which serves at once."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import httpx
import pytest

from stalwart_agents.scaffold import FILES
from tests.unit.serve.test_host import stalwart_serve

STALWART = Path(sys.executable).with_name("stalwart")


def init(directory: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(STALWART), "init", str(directory)], capture_output=True, text=True, timeout=60
    )


@pytest.fixture(scope="module")
def scaffold(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One `stalwart init`, shared: the folder it wrote."""
    folder = tmp_path_factory.mktemp("init") / "notes"
    done = init(folder)
    assert done.returncode == 0, done.stderr
    return folder


def test_init_writes_the_agent_its_tools_its_vocabulary_and_its_test(scaffold: Path) -> None:
    assert sorted(path.name for path in scaffold.iterdir()) == sorted(FILES)


def test_the_test_init_wrote_passes(scaffold: Path, tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(scaffold)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "5 passed" in done.stdout


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

    done = init(tmp_path)

    assert done.returncode == 2
    assert done.stderr == f"stalwart init: {tmp_path} is not empty; name a new or empty folder.\n"
    assert [path.name for path in tmp_path.iterdir()] == ["keep.txt"]


def test_the_scaffold_checks_clean(scaffold: Path) -> None:
    done = subprocess.run(
        [str(STALWART), "check", "agent.yaml"],
        cwd=scaffold,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert (done.returncode, done.stdout, done.stderr) == (
        0,
        "agent.yaml: no problems found.\n",
        "",
    )
