"""The reader on the sixth blind set: 320 shop turns by a writer who saw only the shop's tools and
the categories of shop talk. It pins the figure the reader reaches, allows no false plan, and no
more wrong ones than it had."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .blind6 import load
from .heldout import report, score
from .test_blind4 import CATEGORIES

# Action turns read exactly, of 192: 90 when the set was committed and first read (main at
# 60037f8's reader, 6 wrong plans), 91 once cents typed without the zero (".99", ",99") were read
# as cents: the one wrong plan on an amount had refunded 99 for ".99"; 93 once free text ended at
# a closing single quote and before a full stop only thanks follow, and a subject no longer ran
# into the body (3 of the wrong plans: two now exact, one unread). The 2 wrong plans left are
# charges missing an order said before their verb ("7310, charge it, $88"). 101 once the
# vocabulary's synonyms read other words for an act or a thing ("dig up", "mata o pedido",
# "dispara um email"), 108 once money read as it is said ("twelve fifty", "doze e cinquenta",
# "15 doletas", "USD 310" or "for $61" after a bare order, "the full 42.99"), 110 once a
# question ending "or not?" read its thing and "who emailed us?" read the inbox, 114 once more
# polite words were read past ("may I ask you to", "qto", "brigado", "on this machine"), 117 once
# the money given back on a charge and the card run on an order read with the amount after them
# ("devolve a grana da ch-4130, 40 dólares", "run the card on 1948, 74.25"), 120 once more words
# for things and acts were ("back from the dead", "a ficha do pedido", "ressarce o cliente"), 121
# once a round amount said to be exact read as it ("$15 even"), 122 once a time said in passing
# changed no request ("who emailed us this morning?").
# 148 with the clause rules merged beside these (a negation easing the request, a bare number in a
# clause read past, what a negation governs, the whole negated, taking back what one said, a
# particle after its pronoun, "instead of"), 1 wrong; 149 once "skip X, just Y" was, 150 once
# polite closers were, 151 once "has anyone emailed" and "alguém respondeu" were; 158 with
# the reach2 rules (polite "if", an inbox sender, an order's facts and
# years, asking again, emoji and told stories, "its", what one does not know).
# 161 with the reach3 rules (a label's lead-in, thanks as no reason, "and say", a quote's start, an
# echoed "no", two-answer questions, a narrowed inbox question, laughter and exclamations, "open it
# again", "the $89 it owes", "receipt 3356", "faz a gentileza de", "leave X alone"), 0 wrong.
EXACT = 161
WRONG = 0


def test_the_sixth_blind_set_has_320_turns_in_its_categories_half_of_them_pt_br() -> None:
    turns = load()
    assert len(turns) == 320
    assert sum(turn.is_action for turn in turns) == 192
    assert sum(turn.language == "pt-BR" for turn in turns) * 2 == len(turns)
    assert {turn.category for turn in turns} == CATEGORIES


def test_the_sixth_blind_set_reads_no_fewer_turns_exactly_and_plans_nothing_falsely(
    shop: Selector, capsys: pytest.CaptureFixture[str]
) -> None:
    result = score(shop, load())
    with capsys.disabled():
        print("\n" + report("sixth blind set", result))
    assert result.outcomes["false"] == 0
    assert result.outcomes["wrong"] <= WRONG
    assert result.outcomes["exact"] >= EXACT
