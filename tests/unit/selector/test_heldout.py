"""The reader on shop turns written apart from its vocabulary: the bar issue 14 sets."""

from __future__ import annotations

from stalwart_agents.selector import Selector

from .heldout import load, score


def test_the_held_out_set_has_200_turns_half_of_them_pt_br() -> None:
    turns = load()
    assert len(turns) >= 200
    assert sum(turn.language == "pt-BR" for turn in turns) * 2 >= len(turns)


def test_no_held_out_turn_becomes_a_false_or_wrong_plan(shop: Selector) -> None:
    result = score(shop)
    bad = [(t.text, got) for t, got in result.misses if not t.is_action or got]
    assert result.outcomes["false"] == 0, bad
    assert result.outcomes["wrong"] == 0, bad


def test_at_least_95_percent_of_held_out_action_turns_read_exactly(shop: Selector) -> None:
    result = score(shop)
    missed = [(t.text, got) for t, got in result.misses]
    assert result.exact_share >= 0.95, missed
