"""The reader on a second held-out set, written blind to it (fresh/turns.yaml)."""

from __future__ import annotations

import pytest

from stalwart_agents.language import UnsupportedLanguage
from stalwart_agents.selector import Selector

from .fresh import load, other_language_turns
from .heldout import report, score


def test_the_fresh_set_has_120_turns_its_action_turns_half_pt_br() -> None:
    turns = load()
    actions = [turn for turn in turns if turn.is_action]
    assert len(turns) + len(other_language_turns()) >= 120
    assert sum(turn.language == "pt-BR" for turn in actions) * 2 == len(actions)


def test_no_fresh_action_turn_becomes_a_wrong_plan(shop: Selector) -> None:
    result = score(shop, load())
    wrong = [(t.text, t.expected, got) for t, got in result.misses if t.is_action and got]
    assert result.outcomes["wrong"] == 0, wrong


def test_no_fresh_turn_that_must_stay_unread_becomes_a_plan(shop: Selector) -> None:
    result = score(shop, load())
    false = [(t.text, got) for t, got in result.misses if not t.is_action]
    assert result.outcomes["false"] == 0, false


def test_the_fresh_exact_share_is_reported(
    shop: Selector, capsys: pytest.CaptureFixture[str]
) -> None:
    result = score(shop, load())
    with capsys.disabled():
        print("\n" + report("fresh set", result))
    assert result.actions == sum(turn.is_action for turn in load())


@pytest.mark.parametrize(("text", "language"), other_language_turns())
def test_a_fresh_turn_in_a_language_the_reader_lacks_is_refused(
    shop: Selector, text: str, language: str
) -> None:
    with pytest.raises(UnsupportedLanguage, match=language):
        shop.plan(text, language)
