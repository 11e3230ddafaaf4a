"""A rule may read only arguments its tools have: `args["txt"]` is an error at load, not a rule
that never matches."""

from __future__ import annotations

from pathlib import Path

import pytest

from stalwart_agents.errors import ConfigError
from stalwart_agents.loading import load_agent_file
from tests.unit.test_agent_file import GOOD, write


def problem_of(tmp_path: Path, rules: str) -> ConfigError | None:
    try:
        load_agent_file(write(tmp_path, GOOD + "rules:\n" + rules))
    except ConfigError as error:
        return error
    return None


@pytest.mark.parametrize(
    "when",
    [
        'tool == "charge_card" and args["amout"] > 1000',
        'tool == "charge_card" and args.get("amout", 0) > 1000',
        '"charge_card" == tool and args["amout"] > 1000',
        'tool in ("charge_card",) and (args["amount"] > 1 or args["amout"] > 1000)',
    ],
)
def test_an_argument_its_tool_does_not_have_is_named_with_line_and_fix(
    tmp_path: Path, when: str
) -> None:
    error = problem_of(
        tmp_path, f"  refuse:\n    - id: limit\n      when: '{when}'\n      sentence: No.\n"
    )

    assert error is not None
    assert (error.line, error.key) == (23, "rules.refuse[0].when")
    assert error.problem == (
        "the rule reads args['amout'], which is no argument of charge_card "
        "(its arguments: amount, order_id, card)."
    )
    assert error.fix == "write args['amount'], or name an argument charge_card has."


def test_an_unscoped_rule_may_read_an_argument_any_tool_has(tmp_path: Path) -> None:
    rules = '  confirm:\n    - reason: big\n      when: args.get("charge_id") == "c-1"\n'
    assert problem_of(tmp_path, rules) is None


def test_an_unscoped_rule_reading_an_argument_no_tool_has_is_an_error(
    tmp_path: Path,
) -> None:
    rules = '  confirm:\n    - reason: big\n      when: args["txt"] == "x"\n'
    error = problem_of(tmp_path, rules)

    assert error is not None
    assert error.key == "rules.confirm[0].when"
    assert error.problem == "the rule reads args['txt'], which no tool has as an argument."


def test_each_branch_of_an_or_is_read_against_its_own_tool(
    tmp_path: Path,
) -> None:
    when = (
        '(tool == "charge_card" and args["order_id"] == "1")'
        ' or (tool == "refund_card" and args["charge_id"] == "c")'
    )
    rules = f"  refuse:\n    - id: r\n      when: '{when}'\n      sentence: No.\n"
    assert problem_of(tmp_path, rules) is None
    swapped = when.replace('args["charge_id"]', 'args["order_id"]')
    error = problem_of(
        tmp_path, f"  refuse:\n    - id: r\n      when: '{swapped}'\n      sentence: No.\n"
    )
    assert error is not None and "no argument of refund_card" in error.problem


def test_a_computed_argument_reads_only_its_own_tools_arguments(
    tmp_path: Path,
) -> None:
    cents = "      cents: {type: integer, computed: 'args[\"amout\"] * 100'}\n"
    text = GOOD.replace(
        "      order_id: {type: string}\n", cents + "      order_id: {type: string}\n", 1
    )
    with pytest.raises(ConfigError) as caught:
        load_agent_file(write(tmp_path, text))
    assert caught.value.key == "tools.charge_card.arguments.cents.computed"
    assert "args['amout']" in caught.value.problem
