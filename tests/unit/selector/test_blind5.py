"""The reader on the fifth blind set: 320 shop turns by a writer who saw only the shop's tools and
the categories of shop talk. It pins the figure the reader reaches, allows no false plan, and no
more wrong ones than it had."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .blind5 import load
from .heldout import report, score
from .test_blind4 import CATEGORIES

# Action turns read exactly, of 192: 101 at main 68f6c1d (see docs/selector.md), 106
# once the vocabulary's synonyms read other words for an act or a thing ("fire off", "compra"),
# 107 once a marked amount after a bare order read ("cobra o 4847 US$ 33"), 108 once a question
# ending "or not?" read its thing, 113 once more polite openers, thanks and the shop's computer
# ("on the pc", "no computador") were read past, 115 once the money given back on a charge and
# the card run on an order read with the amount after them, 116 once more words for things and
# acts were ("back to life", "mailbox" wherever "inbox" is).
# 132 with the clause rules merged beside these (a negation easing the request, a bare number in a
# clause read past, what a negation governs, the whole negated, taking back what one said, a
# particle after its pronoun, "instead of"), 5 wrong; 133 once "skip X, just Y" was, 134 once
# polite closers were, 135 once polite frames were,
# 136 once what one has not found was told, 137 once "alguém respondeu" was; 144 with
# the reach2 rules (polite "if", an inbox sender, an order's facts and
# years, asking again, emoji and told stories, "its", what one does not know).
# 155 with the reach3 rules (a label's lead-in, thanks as no reason, "and say", a quote's start, an
# echoed "no", two-answer questions, a narrowed inbox question, laughter and exclamations, "open it
# again", "the $89 it owes", "receipt 3356", "faz a gentileza de", "leave X alone"), 0 wrong.
EXACT = 155
WRONG = 0


def test_the_fifth_blind_set_has_320_turns_in_its_categories_half_of_them_pt_br() -> None:
    turns = load()
    assert len(turns) == 320
    assert sum(turn.is_action for turn in turns) == 192
    assert sum(turn.language == "pt-BR" for turn in turns) * 2 == len(turns)
    assert {turn.category for turn in turns} == CATEGORIES


def test_the_fifth_blind_set_reads_no_fewer_turns_exactly_and_plans_nothing_falsely(
    shop: Selector, capsys: pytest.CaptureFixture[str]
) -> None:
    result = score(shop, load())
    with capsys.disabled():
        print("\n" + report("fifth blind set", result))
    assert result.outcomes["false"] == 0
    assert result.outcomes["wrong"] <= WRONG
    assert result.outcomes["exact"] >= EXACT
