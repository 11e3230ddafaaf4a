"""The reader on the third blind set: 320 shop turns by a writer who saw only the shop's tools and
issue 33's categories. It pins the figure the reader reaches, and allows no wrong or false plan."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .blind3 import load
from .heldout import report, score

# Action turns read exactly, of 192: 67 when the set was committed (main at 3aa3bb6), 97 once the
# reader read clauses, questions and plurals (issue 33), 100 once a question read a bare order id,
# 102 once a negated act's own value stayed with it, 105 once a polite opener was read past, 114
# once a receipt was asked for by a bare order id and "comprovante", 115 once a purchase was an
# order, 116 once a mailbox was the inbox, 117 once a refund read by its noun, 118 once a charge
# did, 123 once pt-BR read the shop's dollars, 124 once a stated negation left the request, 126
# once "don't forget to X" asked for X, 130 once a story before the request was read past, 131
# once money in thousands and cents was, 133 once a verb said once for two calls was, 134 once "no
# need" barred no act of its own, 138 once the vocabulary's synonyms read other words for an act
# or a thing ("download the invoice", "baixa o recibo da compra 6015"), 139 once a question
# ending "or not?" read its thing ("was 6621 cancelled or not?"). A change that reads fewer fails
# here.
# 156 with the clause rules merged beside these (a negation easing the request, a bare number in a
# clause read past, what a negation governs, the whole negated, taking back what one said, a
# particle after its pronoun, "instead of"); 157 once polite frames were,
# 158 once what one has not found was told, 160 once indirect questions were; 169 with
# the reach2 rules (polite "if", an inbox sender, an order's facts and
# years, asking again, emoji and told stories, "its", what one does not know).
# 173 with the reach3 rules (a label's lead-in, thanks as no reason, "and say", a quote's start, an
# echoed "no", two-answer questions, a narrowed inbox question, laughter and exclamations, "open it
# again", "the $89 it owes", "receipt 3356", "faz a gentileza de", "leave X alone").
EXACT = 173

CATEGORIES = {
    "question",
    "polite",
    "wording",
    "money",
    "negation_not_negating",
    "dont_x_just_y",
    "filler",
    "two_requests",
    "negation",
    "hypothetical",
    "reported",
    "other_language",
    "policy",
    "chitchat",
}


def test_the_third_blind_set_has_320_turns_in_its_categories_half_of_them_pt_br() -> None:
    turns = load()
    assert len(turns) == 320
    assert sum(turn.is_action for turn in turns) == 192
    assert sum(turn.language == "pt-BR" for turn in turns) * 2 == len(turns)
    assert {turn.category for turn in turns} == CATEGORIES


def test_no_third_blind_turn_becomes_a_wrong_or_false_plan(
    shop: Selector, capsys: pytest.CaptureFixture[str]
) -> None:
    result = score(shop, load())
    with capsys.disabled():
        print("\n" + report("third blind set", result).splitlines()[0])
    assert (result.outcomes["wrong"], result.outcomes["false"]) == (0, 0)
    assert result.outcomes["exact"] >= EXACT
