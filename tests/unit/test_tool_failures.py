"""A tool that fails tells the person its own sentence, never a Python class name."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from stalwart_agents import SyncDesk
from stalwart_agents.plan import Call, Plan, Value
from stalwart_agents.store import open_store
from stalwart_agents.tools import failure_sentence

AGENT = """\
agents:
  - name: Notes
tools:
  forget:
    function: failing:forget
    arguments:
      note_id: {type: string}
"""
TOOLS = """\
class NoteError(Exception):
    pass


def forget(note_id):
    if note_id == "n-3":
        raise NoteError(f"There is no note {note_id}.")
    return {"notes": {}}[note_id]
"""


@pytest.fixture
def desk(tmp_path: Path) -> Iterator[SyncDesk]:
    (tmp_path / "agent.yaml").write_text(AGENT, encoding="utf-8")
    (tmp_path / "failing.py").write_text(TOOLS, encoding="utf-8")
    store = open_store(f"sqlite:///{tmp_path / 'runs.db'}")
    with SyncDesk(tmp_path / "agent.yaml", store=store) as desk:
        yield desk


def forget(note_id: str) -> Plan:
    return Plan(
        calls=(Call(tool="forget", args={"note_id": Value(value=note_id, origin="typed")}),)
    )


def test_the_tools_own_sentence_is_what_the_person_reads(desk: SyncDesk) -> None:
    reply = desk.turn("t-1", forget("n-3"))
    assert reply.reply == "Forget did not work: There is no note n-3."


def test_a_python_error_reads_as_the_tool_not_working_and_keeps_its_details(
    desk: SyncDesk,
) -> None:
    reply = desk.turn("t-1", forget("n-9"))

    assert reply.reply == "Forget did not work."
    (failed,) = [e["data"] for e in desk.events("t-1") if e["data"].get("status") == "failed"]
    assert failed["error"] == "KeyError: 'n-9'"


@pytest.mark.parametrize(
    ("error", "sentence"),
    [
        (ValueError("The card was declined."), "The card was declined."),
        (KeyError("n-9"), ""),
        (RuntimeError(), ""),
        (OSError(2, "No such file"), ""),
    ],
)
def test_a_sentence_is_the_one_text_an_error_was_raised_with(
    error: BaseException, sentence: str
) -> None:
    assert failure_sentence(error) == sentence
