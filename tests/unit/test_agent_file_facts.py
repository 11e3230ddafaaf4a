"""agent.yaml's facts: and preconditions: a bad one is refused at its line, with its fix."""

from __future__ import annotations

from pathlib import Path

import pytest

from stalwart_agents.errors import ConfigError
from stalwart_agents.loading import load_agent_file

GOOD = """\
agents:
  - name: shop
tools:
  find_order:
    function: fixture_tools:find_order
    arguments:
      order_id: {type: string}
    result:
      total: {label: Total}
      status: {label: Status}
  charge_card:
    function: fixture_tools:charge_card
    write: true
    arguments:
      amount: {type: number}
      order_id: {type: string}
    facts:
      tool: find_order
      args: {order_id: call.order_id}
      matches: {amount: total}
    preconditions:
      - id: order_exists
        holds: facts is not None
        ask: order_id
        sentence: I can't find that order.
      - id: order_unpaid
        holds: facts.status == "unpaid"
        sentence: That order is paid.
"""


def error_of(tmp_path: Path, text: str) -> ConfigError:
    path = tmp_path / "agent.yaml"
    path.write_text(text)
    with pytest.raises(ConfigError) as caught:
        load_agent_file(path)
    return caught.value


def test_a_tool_with_facts_and_preconditions_loads(tmp_path: Path) -> None:
    path = tmp_path / "agent.yaml"
    path.write_text(GOOD)
    tool = load_agent_file(path).tools["charge_card"]
    assert tool.facts is not None
    assert (tool.facts.tool, tool.facts.matches) == ("find_order", {"amount": "total"})
    assert [condition.id for condition in tool.preconditions] == ["order_exists", "order_unpaid"]


def test_a_fact_read_must_exist(tmp_path: Path) -> None:
    error = error_of(tmp_path, GOOD.replace("tool: find_order", "tool: find"))
    assert (error.line, error.key, error.problem) == (
        18,
        "tools.charge_card.facts.tool",
        "no tool is named 'find'.",
    )


def test_a_fact_read_reads_only_the_call(tmp_path: Path) -> None:
    error = error_of(tmp_path, GOOD.replace("order_id: call.order_id", "order_id: result.id"))
    assert error.problem.startswith(
        "the facts argument 'order_id' must read call.<argument>, not 'result.id'."
    )


def test_a_fact_read_must_not_write(tmp_path: Path) -> None:
    text = GOOD.replace(
        "function: fixture_tools:find_order\n", "function: x:find_order\n    write: true\n"
    )
    error = error_of(tmp_path, text)
    assert error.problem == "find_order writes; facts are read before a person answers."


def test_matches_names_a_labelled_key_of_the_read(tmp_path: Path) -> None:
    error = error_of(tmp_path, GOOD.replace("matches: {amount: total}", "matches: {amount: sum}"))
    assert (error.key, error.problem) == (
        "tools.charge_card.facts.matches.amount",
        "find_order's result: has no key 'sum'.",
    )


def test_a_precondition_asks_for_an_argument_of_the_call(tmp_path: Path) -> None:
    error = error_of(tmp_path, GOOD.replace("ask: order_id", "ask: order"))
    assert error.problem == "charge_card has no argument 'order' to ask again."


def test_a_precondition_reads_facts_only_with_a_fact_read(tmp_path: Path) -> None:
    start = GOOD.index("    facts:\n")
    text = GOOD[:start] + GOOD[GOOD.index("    preconditions:") :]
    error = error_of(tmp_path, text)
    assert error.problem == (
        "the precondition 'order_exists' reads facts, and charge_card has no facts:."
    )


def test_a_precondition_reads_only_args_facts_and_context(tmp_path: Path) -> None:
    error = error_of(tmp_path, GOOD.replace("holds: facts is not None", "holds: origins"))
    assert "names 'origins'" in error.problem
