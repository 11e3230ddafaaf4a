"""Rule expressions: compiled once, safe to evaluate, and false when they cannot be evaluated."""

from __future__ import annotations

import pytest

from stalwart_agents.rules import COMPUTE_NAMES, Expression, ExpressionError


def test_a_rule_reads_the_tool_args_origins_and_context() -> None:
    rule = Expression(
        "tool == 'charge_card' and args['amount'] > 100 and origins['amount'] == 'model'"
    )
    assert rule.holds(
        {"tool": "charge_card", "args": {"amount": 200}, "origins": {"amount": "model"}}
    )
    assert not rule.holds(
        {"tool": "charge_card", "args": {"amount": 20}, "origins": {"amount": "model"}}
    )


def test_a_rule_that_cannot_be_evaluated_does_not_hold() -> None:
    assert not Expression("args['amount'] > 100").holds({"args": {}})


@pytest.mark.parametrize(
    "source",
    ["x = 1", "import os", "args.__class__", "open('/etc/passwd')", "lambda: 1", "1 +", ""],
)
def test_anything_but_a_safe_expression_is_refused_at_compile_time(source: str) -> None:
    with pytest.raises(ExpressionError):
        Expression(source)


def test_a_computed_argument_reads_only_args_and_context() -> None:
    with pytest.raises(ExpressionError, match="names 'tool'"):
        Expression("tool", COMPUTE_NAMES)
    assert (
        Expression("args['amount'] * 100", COMPUTE_NAMES).evaluate({"args": {"amount": 4}}) == 400
    )


def test_comprehensions_bind_their_own_names() -> None:
    rule = Expression("any(v > 10 for v in args.values())")
    assert rule.holds({"args": {"a": 1, "b": 11}})
