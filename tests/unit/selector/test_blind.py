"""The reader on a third held-out set, written blind to it and to the other two (blind/)."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .blind import load
from .heldout import report, score


def test_the_blind_set_has_120_turns_half_of_them_pt_br() -> None:
    turns = load()
    actions = [turn for turn in turns if turn.is_action]
    assert len(turns) >= 120
    assert abs(sum(turn.language == "pt-BR" for turn in turns) * 2 - len(turns)) <= 1
    assert sum(turn.language == "pt-BR" for turn in actions) * 2 == len(actions)


def test_no_blind_turn_becomes_a_wrong_or_false_plan(
    shop: Selector, capsys: pytest.CaptureFixture[str]
) -> None:
    result = score(shop, load())
    with capsys.disabled():
        print("\n" + report("blind set", result))
    wrong = [(t.text, t.expected, got) for t, got in result.misses if t.is_action and got]
    false = [(t.text, got) for t, got in result.misses if not t.is_action]
    assert (result.outcomes["wrong"], result.outcomes["false"]) == (0, 0), (wrong, false)
    assert result.actions == sum(turn.is_action for turn in load())
