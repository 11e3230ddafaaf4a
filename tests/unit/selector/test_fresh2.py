"""The reader on a fourth self-check set, written before the changes it checks (fresh2/)."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .fresh2 import load
from .heldout import report, score


def test_the_fourth_set_has_60_turns_half_of_them_pt_br() -> None:
    turns = load()
    actions = [turn for turn in turns if turn.is_action]
    assert len(turns) == 60
    assert sum(turn.language == "pt-BR" for turn in turns) * 2 == len(turns)
    assert sum(turn.language == "pt-BR" for turn in actions) * 2 == len(actions)


def test_no_fourth_set_turn_becomes_a_wrong_or_false_plan(
    shop: Selector, capsys: pytest.CaptureFixture[str]
) -> None:
    result = score(shop, load())
    with capsys.disabled():
        print("\n" + report("fourth set", result))
    wrong = [(t.text, t.expected, got) for t, got in result.misses if t.is_action and got]
    false = [(t.text, got) for t, got in result.misses if not t.is_action]
    assert (result.outcomes["wrong"], result.outcomes["false"]) == (0, 0), (wrong, false)
    assert result.outcomes["exact"] >= 0.95 * result.actions
