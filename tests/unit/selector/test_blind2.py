"""The reader on a second blind set, written from shop chat without the reader or the other sets."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .blind2 import load
from .heldout import report, score
from .helpers import SHOP_TOOLS


def test_the_second_blind_set_has_220_turns_half_of_them_pt_br() -> None:
    turns = load()
    actions = [turn for turn in turns if turn.is_action]
    assert len(turns) >= 220
    assert len(actions) >= 170
    assert sum(turn.language == "pt-BR" for turn in turns) * 2 == len(turns)
    assert sum(turn.language == "pt-BR" for turn in actions) * 2 == len(actions)


# Tools the shop gained after the set was written: a blind set is never extended by the people
# who wrote the tool, so it asks for every tool but these.
LATER = frozenset({"save_receipt"})


def test_every_tool_of_the_shop_is_asked_for_in_both_languages() -> None:
    asked = {(call[0], turn.language) for turn in load() for call in turn.expected}
    tools = [tool for tool in SHOP_TOOLS if tool not in LATER]
    assert asked == {(tool, language) for tool in tools for language in ("en", "pt-BR")}


def test_no_second_blind_turn_becomes_a_wrong_or_false_plan(
    shop: Selector, capsys: pytest.CaptureFixture[str]
) -> None:
    result = score(shop, load())
    with capsys.disabled():
        print("\n" + report("second blind set", result))
    wrong = [(t.text, t.expected, got) for t, got in result.misses if t.is_action and got]
    false = [(t.text, got) for t, got in result.misses if not t.is_action]
    assert (result.outcomes["wrong"], result.outcomes["false"]) == (0, 0), (wrong, false)
    assert result.actions == sum(turn.is_action for turn in load())
