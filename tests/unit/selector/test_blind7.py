"""The reader on the seventh blind set: 320 shop turns by a writer who saw only the shop's tools and
the categories of shop talk. It pins the figure the reader reaches, allows no false plan, and no
more wrong ones than it had."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .blind7 import load
from .heldout import report, score
from .test_blind4 import CATEGORIES

# Action turns read exactly, of 192, each figure measured once: 120 by main at 68f6c1d's reader
# (1 wrong plan), 144 by the reader the set was first read with (main at 6705c1e: synonyms, money
# as it is said, the clause rules), 1 wrong plan: an email body running past its closing quote
# into the thanks after it; 145 once "skip X, just Y" was, 147 once polite closers were,
# 149 once polite frames were, 150 once what one has not found was told,
# 152 once "has anyone emailed" and "alguém respondeu" were, 153 once indirect questions were,
# 154 once one without "?" was; 172 with the reach2 rules (polite "if", an inbox sender, an
# order's facts and years, asking again, emoji and told stories, "its", what one does not know).
# 174 with the reach3 rules (a label's lead-in, thanks as no reason, "and say", a quote's start, an
# echoed "no", two-answer questions, a narrowed inbox question, laughter and exclamations, "open it
# again", "the $89 it owes", "receipt 3356", "faz a gentileza de", "leave X alone"), 0 wrong.
EXACT = 174
WRONG = 0


def test_the_seventh_blind_set_has_320_turns_in_its_categories_half_of_them_pt_br() -> None:
    turns = load()
    assert len(turns) == 320
    assert sum(turn.is_action for turn in turns) == 192
    assert sum(turn.language == "pt-BR" for turn in turns) * 2 == len(turns)
    assert {turn.category for turn in turns} == CATEGORIES


def test_the_seventh_blind_set_reads_no_fewer_turns_exactly_and_plans_nothing_falsely(
    shop: Selector, capsys: pytest.CaptureFixture[str]
) -> None:
    result = score(shop, load())
    with capsys.disabled():
        print("\n" + report("seventh blind set", result))
    assert result.outcomes["false"] == 0
    assert result.outcomes["wrong"] <= WRONG
    assert result.outcomes["exact"] >= EXACT
