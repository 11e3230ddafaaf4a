"""A bad agent file is one message per problem, with file, line, key and fix, and no traceback."""

from __future__ import annotations

import logging
import subprocess
import sys
from pathlib import Path

import pytest

from stalwart_agents import Desk
from stalwart_agents.agent_check import find_problems
from stalwart_agents.errors import ConfigError

STALWART = Path(sys.executable).with_name("stalwart")

BROKEN = """\
agents:
  - name: Notes
    vocabulary: vocabulary.yaml
tools:
  gone:
    function: nowhere:gone
  missing:
    function: tools:not_there
  pay:
    function: tools:pay
    write: true
    arguments:
      amount: {type: number}
"""
TOOLS = """\
def pay(amount, order_id):
    return {"paid": amount}
"""
VOCABULARY = """\
tools:
  pay:
    slots:
      total: {type: money}
    phrases:
      en: ["pay {total}"]
"""


def stalwart(*argv: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(STALWART), *argv], cwd=cwd, capture_output=True, text=True, timeout=60
    )


@pytest.fixture
def broken(tmp_path: Path) -> Path:
    """An agent with a missing module, a missing function, a signature that does not fit its
    arguments, and a vocabulary slot no argument declares."""
    (tmp_path / "agent.yaml").write_text(BROKEN, encoding="utf-8")
    (tmp_path / "tools.py").write_text(TOOLS, encoding="utf-8")
    (tmp_path / "vocabulary.yaml").write_text(VOCABULARY, encoding="utf-8")
    return tmp_path


def test_check_prints_every_problem_with_its_line_key_and_fix(broken: Path) -> None:
    done = stalwart("check", "agent.yaml", cwd=broken)

    assert done.returncode == 2
    assert done.stdout == ""
    said = done.stderr.splitlines()
    assert said == [
        "agent.yaml, line 6, at tools.gone.function: the module 'nowhere' cannot be imported: "
        "No module named 'nowhere'.",
        "  fix: define gone in nowhere.py beside agent.yaml (or in an installed module), "
        "or correct 'nowhere:gone'.",
        "agent.yaml, line 8, at tools.missing.function: the module 'tools' has no function "
        "'not_there'.",
        "  fix: define not_there in tools.py beside agent.yaml (or in an installed module), "
        "or correct 'tools:not_there'.",
        "agent.yaml, line 10, at tools.pay.function: tools:pay needs the parameter 'order_id', "
        "which pay does not declare.",
        "  fix: declare order_id under tools.pay.arguments, or give the parameter a default.",
        "vocabulary.yaml, line 4, at tools.pay.slots.total: the slot 'total' matches no argument "
        "of pay (its arguments: amount).",
        "  fix: name the slot as one of the tool's arguments in agent.yaml, or declare the "
        "argument there.",
        "4 problems; fix them and check again.",
    ]


def test_serve_stops_on_the_same_problems_without_a_traceback(broken: Path) -> None:
    done = stalwart("serve", "agent.yaml", "--port=0", cwd=broken)

    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert "line 6, at tools.gone.function" in done.stderr
    assert done.stderr.endswith("4 problems; nothing was served.\n")


def test_debug_shows_the_traceback_behind_a_message(broken: Path) -> None:
    done = stalwart("check", "agent.yaml", "--debug", cwd=broken)

    assert "Traceback (most recent call last)" in done.stderr
    assert "ModuleNotFoundError: No module named 'nowhere'" in done.stderr
    assert done.returncode == 2


def test_a_module_that_fails_as_it_imports_is_a_problem_not_a_crash(tmp_path: Path) -> None:
    (tmp_path / "agent.yaml").write_text(
        "agents:\n  - name: A\ntools:\n  t:\n    function: tools:t\n", encoding="utf-8"
    )
    (tmp_path / "tools.py").write_text("def t(:\n    pass\n", encoding="utf-8")

    done = stalwart("check", "agent.yaml", cwd=tmp_path)

    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert "line 5, at tools.t.function: the module 'tools' fails as it is imported" in done.stderr


def test_a_good_file_checks_clean(tmp_path: Path) -> None:
    (tmp_path / "agent.yaml").write_text(
        "agents:\n  - name: A\ntools:\n  t:\n    function: json:dumps\n    arguments:\n"
        "      obj: {type: string}\n",
        encoding="utf-8",
    )
    done = stalwart("check", "agent.yaml", cwd=tmp_path)
    assert (done.returncode, done.stdout) == (0, "agent.yaml: no problems found.\n")


def test_every_schema_problem_is_listed_not_only_the_first(tmp_path: Path) -> None:
    file = tmp_path / "agent.yaml"
    file.write_text(
        "agents:\n  - name: A\n    colour: red\ntools:\n  t:\n    function: json:dumps\n"
        "    writes: true\n",
        encoding="utf-8",
    )

    problems = find_problems(file).problems

    assert [(p.line, p.key) for p in problems] == [(3, "agents[0].colour"), (7, "tools.t.writes")]
    assert (
        problems[0].fix
        == "remove 'colour' or correct its spelling; docs/agent-yaml.md lists the keys."
    )


def test_a_signature_that_does_not_fit_stops_the_desk_at_load(tmp_path: Path) -> None:
    # A module name of its own: this process may have imported another `tools` already.
    (tmp_path / "card_tools.py").write_text(TOOLS, encoding="utf-8")
    (tmp_path / "agent.yaml").write_text(
        "agents:\n  - name: A\ntools:\n  pay:\n    function: card_tools:pay\n    arguments:\n"
        "      amount: {type: number}\n      order_id: {type: string}\n"
        "      card: {type: string}\n",
        encoding="utf-8",
    )

    with pytest.raises(ConfigError) as raised:
        Desk(tmp_path / "agent.yaml")

    assert raised.value.key == "tools.pay.arguments.card"
    assert raised.value.line == 9
    assert raised.value.problem == (
        "pay declares the argument 'card', but card_tools:pay takes no card."
    )


def test_an_agent_the_file_does_not_hold_is_one_message(tmp_path: Path) -> None:
    (tmp_path / "agent.yaml").write_text("agents:\n  - name: Notes\n", encoding="utf-8")

    done = stalwart("serve", "agent.yaml", "--agent=Nobody", cwd=tmp_path)

    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        "agent.yaml, at agents: no agent is named 'Nobody': Notes.",
        "  fix: name one of them, or leave the agent out to take the first.",
        "1 problem; nothing was served.",
    ]


UNPHRASED = """\
agents:
  - name: Notes
    vocabulary: vocabulary.yaml
tools:
  list_notes:
    function: unphrased_tools:list_notes
  tag_note:
    function: unphrased_tools:tag_note
    write: true
"""


def test_a_tool_no_phrase_reads_is_warned_of_once_though_check_and_desk_both_read_it(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    (tmp_path / "agent.yaml").write_text(UNPHRASED, encoding="utf-8")
    (tmp_path / "unphrased_tools.py").write_text(
        "def list_notes():\n    return []\n\n\ndef tag_note():\n    return {}\n", "utf-8"
    )
    (tmp_path / "vocabulary.yaml").write_text(
        "tools:\n  list_notes:\n    phrases:\n      en: [show my notes]\n", encoding="utf-8"
    )
    caplog.set_level(logging.WARNING)

    assert find_problems(tmp_path / "agent.yaml").problems == []
    Desk(tmp_path / "agent.yaml")

    warned = [record.getMessage() for record in caplog.records]
    assert [line for line in warned if "tag_note has no phrase in en" in line] == [
        f"{tmp_path / 'vocabulary.yaml'}: the tool tag_note has no phrase in en, "
        "so no en turn can plan it; add one under tools.tag_note.phrases.en."
    ]
