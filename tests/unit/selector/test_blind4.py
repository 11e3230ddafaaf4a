"""The reader on the fourth blind set: 320 shop turns by a writer who saw only the shop's tools and
the categories of shop talk. It pins the figure the reader reaches, allows no false plan, and no
more wrong ones than it had."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .blind4 import load
from .heldout import report, score
from .test_blind3 import CATEGORIES as BLIND3_CATEGORIES

# Action turns read exactly, of 192: 64 when the set was committed (main at 30bec0b's reader), 76
# once the reader read past polite openers, questions without "order" and "don't X, just Y", 91
# once pt-BR read the shop's dollars ("45 dólares", "US$ 99,99"), 94 once a negation stating a
# fact ("the customer never got their item, refund ...") left the request, 97 once "don't forget
# to X" asked for X and "forget X" set X aside, 101 once a story before the request was read past,
# 106 once more polite openers were ("if you don't mind", "seria possível"), 109 once money in
# thousands and cents was ("1.2k", "1,5 mil", "75 centavos"), 111 once a verb said once for two
# calls was ("estorna 10 dólares na ch-4420 e 5 na ch-4421"), 113 once "não precisa" barred no act
# of its own, 116 once the vocabulary's synonyms read other words for an act or a thing, 117 once
# a marked amount after a bare order read ("ring up order 1579 for $42"), 118 once more polite
# words were read past ("on the pc", "no computador"), 120 once the money given back on a charge
# and the card run on an order read with the amount after them, 122 once more words for things
# and acts were ("a copy of the receipt", "mailbox" wherever "inbox" is, "pro pedido"). The 3
# wrong plans
# were a free-text argument worded otherwise (a cancel without its optional reason, an email body
# with its "que" or "his"), never another tool or another id or amount.
# 136 with the clause rules merged beside these (a negation easing the request, a bare number in a
# clause read past, what a negation governs, the whole negated, taking back what one said, a
# particle after its pronoun, "instead of"), 3 wrong; 137 once "skip X, just Y" was,
# 138 once an indirect question without "?" was; 148 with the reach2 rules (polite "if", an
# inbox sender, an order's facts and years, asking again, emoji and told stories, "its", what
# one does not know), 2 wrong.
# 150 with the reach3 rules (a label's lead-in, thanks as no reason, "and say", a quote's start, an
# echoed "no", two-answer questions, a narrowed inbox question, laughter and exclamations, "open it
# again", "the $89 it owes", "receipt 3356", "faz a gentileza de", "leave X alone"), 1 wrong.
EXACT = 150
WRONG = 1

CATEGORIES = BLIND3_CATEGORIES | {"question_general", "undo_talk"}


def test_the_fourth_blind_set_has_320_turns_in_its_categories_half_of_them_pt_br() -> None:
    turns = load()
    assert len(turns) == 320
    assert sum(turn.is_action for turn in turns) == 192
    assert sum(turn.language == "pt-BR" for turn in turns) * 2 == len(turns)
    assert {turn.category for turn in turns} == CATEGORIES


def test_the_fourth_blind_set_reads_no_fewer_turns_exactly_and_plans_nothing_falsely(
    shop: Selector, capsys: pytest.CaptureFixture[str]
) -> None:
    result = score(shop, load())
    with capsys.disabled():
        print("\n" + report("fourth blind set", result))
    assert result.outcomes["false"] == 0
    assert result.outcomes["wrong"] <= WRONG
    assert result.outcomes["exact"] >= EXACT
