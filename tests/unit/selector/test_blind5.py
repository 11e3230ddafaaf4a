"""The reader on the fifth blind set: 320 shop turns by a writer who saw only the shop's tools and
the categories of shop talk. It pins the figure the reader reaches, allows no false plan, and no
more wrong ones than it had."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .blind5 import load
from .heldout import report, score
from .test_blind4 import CATEGORIES

# Action turns read exactly, of 192: 101 when the set was committed and first read, 107 once a
# negation easing the request before it ("no rush", "sem pressa") left the request, and "but" and
# "mas" parted clauses, 111 once a bare number in a clause read past stood for the thing the
# request points at ("about 5176, reopen it"), and only a word opening a phrase named an act in a
# negated or story clause ("her", "cliente", "again" name none), 113 once a negation of the whole
# ("don't refund the whole thing, just $10 on ch-7008", "não estorna tudo, só 10 reais") read the
# act with the next clause's values, 114 once taking back what one said ("never mind what I said
# earlier", "esquece o que eu falei") was no report, 115 once a verb's particle after its pronoun
# was read ("just look it up", "can you pull it up"), 116 once "instead of" ("em vez de") said no
# to the act after it and "just" ("só") parted clauses ("instead of cancelling 8210 just reopen
# 8209"). A change that reads fewer fails here.
EXACT = 116
WRONG = 5


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
