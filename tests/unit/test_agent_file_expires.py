"""agent.yaml's `expires:`: a pause's default answer sends nothing, or the file does not load."""

from __future__ import annotations

from pathlib import Path

import pytest

from stalwart_agents.errors import ConfigError
from stalwart_agents.loading import load_agent_file
from tests.unit.test_agent_file import GOOD, error_of, write

TOOL_EXPIRES = "    write: true\n    expires: {after: 24h, answer: ANSWER}\n"


def with_tool_expiry(answer: str) -> str:
    return GOOD.replace("    write: true\n", TOOL_EXPIRES.replace("ANSWER", answer), 1)


def test_a_tools_expiry_loads_as_seconds_and_its_answer(tmp_path: Path) -> None:
    spec = load_agent_file(write(tmp_path, with_tool_expiry("skip")))
    expires = spec.tools["charge_card"].expires
    assert expires is not None and (expires.after, expires.answer) == (86400.0, "skip")
    assert spec.expiry("confirm", "charge_card") == expires
    assert spec.expiry("confirm", "refund_card") is None


def test_a_kinds_expiry_covers_the_tools_without_their_own(tmp_path: Path) -> None:
    text = with_tool_expiry("skip") + (
        "expires:\n  confirm: {after: 30m, answer: cancel_all}\n"
        "  saga_stuck: {after: 2d, answer: abandon}\n"
    )
    spec = load_agent_file(write(tmp_path, text))
    own, kinds = spec.expiry("confirm", "charge_card"), spec.expiry("confirm", "refund_card")
    assert own is not None and (own.after, own.answer) == (86400.0, "skip")
    assert kinds is not None and (kinds.after, kinds.answer) == (1800.0, "cancel_all")
    stuck = spec.expiry("saga_stuck", "charge_card")
    assert stuck is not None and (stuck.after, stuck.answer) == (172800.0, "abandon")


@pytest.mark.parametrize(
    ("answer", "why"),
    [
        ("approve", "it sends the call (or hands the turn to the model)"),
        ("happened", "it says the write took effect, which only a person can know"),
    ],
)
def test_an_answer_that_sends_the_call_or_guesses_is_refused_at_load(
    tmp_path: Path, answer: str, why: str
) -> None:
    error = error_of(write(tmp_path, with_tool_expiry(answer)))
    assert (error.line, error.key) == (7, "tools.charge_card.expires.answer")
    assert error.problem == f"an expired pause never takes {answer!r}: {why}."
    assert error.fix == "give one of skip, cancel_all."
    assert str(error).startswith(f"{tmp_path / 'agent.yaml'}, line 7, at ")


def test_retry_is_refused_for_a_stuck_saga(tmp_path: Path) -> None:
    error = error_of(write(tmp_path, GOOD + "expires:\n  saga_stuck: {after: 1h, answer: retry}\n"))
    assert (error.line, error.key) == (21, "expires.saga_stuck.answer")
    assert error.problem == "an expired pause never takes 'retry': it sends the undos again."
    assert error.fix == "give one of abandon."


def test_an_answer_the_kind_does_not_take_is_refused(tmp_path: Path) -> None:
    error = error_of(write(tmp_path, with_tool_expiry("decline")))
    assert error.problem == "confirm pauses take approve, skip, cancel_all, not 'decline'."


def test_a_kind_no_answer_of_which_is_safe_cannot_expire(tmp_path: Path) -> None:
    text = GOOD + "expires:\n  outcome_unknown: {after: 1h, answer: did_not_happen}\n"
    error = error_of(write(tmp_path, text))
    assert error.problem == (
        "an expired pause never takes 'did_not_happen': it sends the call again."
    )
    assert error.fix == "remove it: every answer outcome_unknown pauses take needs a person."


def test_an_unknown_kind_is_refused(tmp_path: Path) -> None:
    error = error_of(
        write(tmp_path, GOOD + "expires:\n  confirmation: {after: 1h, answer: skip}\n")
    )
    assert error.key == "expires"
    assert "'confirmation' is not a pause kind" in error.problem


@pytest.mark.parametrize("after", ["soon", "-5m", "0", "true", "[1]"])
def test_a_duration_that_is_not_one_is_refused(tmp_path: Path, after: str) -> None:
    text = GOOD + f"expires:\n  confirm: {{after: {after}, answer: skip}}\n"
    with pytest.raises(ConfigError) as caught:
        load_agent_file(write(tmp_path, text))
    assert caught.value.key == "expires.confirm.after"
