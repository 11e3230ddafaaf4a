"""The reader on the blind sets of 320 shop turns, each written by someone who saw only the shop's
tools and the categories of shop talk: each set keeps its shape, and the reader keeps the figure it
reached on it, with no false plan and no more wrong ones than it had."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from stalwart_agents.selector import Selector

from .blind import load as load_blind
from .heldout import Turn, report, score

HELDOUT = Path(__file__).parent / "heldout"

THIRD_SET_CATEGORIES = {
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
CATEGORIES = THIRD_SET_CATEGORIES | {"question_general", "undo_talk"}


@dataclass(frozen=True)
class Pin:
    """A set's pinned reading: action turns read exactly of 192, and wrong plans at most."""

    name: str
    exact: int
    wrong: int
    categories: frozenset[str] = frozenset(CATEGORIES)

    def load(self) -> list[Turn]:
        return load_blind(HELDOUT / f"{self.name}.yaml")


# Each figure was measured once on the committed set; docs/selector.md tells how each set was
# written and every reading since. From blind4 on, the sets were read by the reader as it stood;
# the rules of each later round were chosen on the sets read before it, so only a set's first
# readings are blind: blind7 144, blind8 154, blind9 131 and 142, blind10 141, 152 and 157,
# blind11 147 (8227b4d's reader), 164 and 166, blind12 159 (554f509's reader), 168 and 172,
# blind13 164 (83db1c6's reader); reach7 and reach8, whose rules were chosen on blind12 and
# blind13, then read them 188 and 187; blind14 165 and blind15 157 (4b29e37's reader), then
# 169 and 166 (6049500's, the first reader with reach7 and reach8); reach9 and reach10, whose
# rules were chosen on blind3 to blind15, then read blind14 183 and blind15 183; blind16 and
# blind17, written while those rounds ran, were first read by d8783d5's reader (173 and 168),
# then by 6049500's (179 and 176) and b0ea35b's (180 and 178). reach11, whose rules were chosen
# on blind4 and blind6, then read blind4 168, blind6 180, blind13 188, blind16 181 and blind17 179;
# with reach12's (negations, chosen on blind4 and blind6) merged beside it: blind3 185, blind4 170,
# blind6 189, blind8 187, blind9 183, blind14 184 and blind17 180. blind18 and blind19, written
# while reach11 and reach12 ran and committed before either was merged, were read by 0fbf090's
# reader (178, and 177 with 1 wrong and 1 false plan) and by the reader with both merged (178 and
# 178, 1 wrong, 1 false); the wrong and false plans were then closed on blind19 (629abde): 179.
# blind20, written after those merges and committed before reach13 was merged, was read by
# e681038's reader: 174, 2 wrong; a refused act's thing that could be a year ("rather than
# cancel 1947, charge it $48"), chosen on it after, closed one: 175.
# reach13, whose rules were chosen on blind4, then read blind4 177, blind5 177 and blind10 188.
# blind21, written after blind20 and committed before reach13 was merged, was read by 6c9a728's
# reader (173, 3 wrong) and by the reader with reach13 merged (173, 4 wrong). A bare look
# after a clause that places the inbox, chosen on blind21 after that reading, then read blind21
# 175 (3 wrong), blind8 189, blind13 189 and blind14 185. blind22, written once every rule
# of the day was in, was read by 0d33696's reader: 176, 2 wrong.
PINS = (
    Pin("blind3", exact=185, wrong=0, categories=frozenset(THIRD_SET_CATEGORIES)),
    Pin("blind4", exact=177, wrong=1),
    Pin("blind5", exact=177, wrong=0),
    Pin("blind6", exact=189, wrong=0),
    # Two wrong: the set's writer dropped the full stop inside a quoted body ("... this
    # morning.\"", "... hoje mesmo.\"") that blind10's writer keeps ('... instead of Friday.');
    # the reader keeps it, as typed inside the quotes.
    Pin("blind7", exact=183, wrong=2),
    Pin("blind8", exact=189, wrong=0),
    Pin("blind9", exact=183, wrong=2),
    Pin("blind10", exact=188, wrong=0),
    Pin("blind11", exact=185, wrong=1),
    Pin("blind12", exact=188, wrong=0),
    Pin("blind13", exact=189, wrong=0),
    Pin("blind14", exact=185, wrong=0),
    Pin("blind15", exact=183, wrong=0),
    Pin("blind16", exact=181, wrong=0),
    # Three wrong: two bodies whose writer keeps their full stop before a sign-off ("... today.
    # Ta!"), which blind14's writer drops and the reader drops too; one subject named after the
    # body with "with" ("... with subject Thank you") that reads as a sign-off.
    Pin("blind17", exact=180, wrong=3),
    Pin("blind18", exact=178, wrong=0),
    Pin("blind19", exact=179, wrong=0),
    # One wrong: a request whose order was told in a story before it ("minha mãe ligou falando
    # do pedido dela, 7425, cancela pfv"): the call plans, its order asked again.
    Pin("blind20", exact=175, wrong=1),
    # Three wrong: two bodies whose writer keeps their full stop before a sign-off, as blind17's
    # does; one body that keeps a sign-off after its comma (", falou").
    Pin("blind21", exact=175, wrong=3),
    # Two wrong: bodies whose writer keeps their full stop before a sign-off ("... Tuesday.
    # Cheers!"), as blind17's and blind21's do.
    Pin("blind22", exact=176, wrong=2),
)


@pytest.mark.parametrize("pin", PINS, ids=lambda pin: pin.name)
def test_a_blind_set_has_320_turns_in_its_categories_half_of_them_pt_br(pin: Pin) -> None:
    turns = pin.load()
    assert len(turns) == 320
    assert sum(turn.is_action for turn in turns) == 192
    assert sum(turn.language == "pt-BR" for turn in turns) * 2 == len(turns)
    assert {turn.category for turn in turns} == pin.categories


@pytest.mark.parametrize("pin", PINS, ids=lambda pin: pin.name)
def test_a_blind_set_reads_no_fewer_turns_exactly_and_plans_nothing_falsely(
    pin: Pin, shop: Selector, capsys: pytest.CaptureFixture[str]
) -> None:
    result = score(shop, pin.load())
    with capsys.disabled():
        print("\n" + report(pin.name, result).splitlines()[0])
    assert result.outcomes["false"] == 0
    assert result.outcomes["wrong"] <= pin.wrong
    assert result.outcomes["exact"] >= pin.exact
