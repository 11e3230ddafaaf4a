"""Each pause kind, on a desktop, a laptop and a phone, light and dark, in English and Portuguese:
the card's title, arguments, reasons and answers are in view when it arrives, and once it is
answered the composer has the focus, or the pause the answer brought."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
import yaml
from layout import (
    BUDGET,
    CARD,
    KINDS,
    SIZES,
    UNDOING_MS,
    FirstLoad,
    Kind,
    composer_has_focus,
    each_side,
    out_of_view,
    reading,
    shot,
    view_as,
)
from playwright.sync_api import BrowserContext, Page, expect
from portuguese import Sources
from served import Server, ShopChanges, answer, get, send

pytestmark = pytest.mark.e2e

NOTHING_OUT = {"title": [], "arguments": [], "reasons": [], "answers": []}
# The main state is kept in docs/images at every size, side and language; the others on a phone,
# but for outcome_unknown, which test_served_arrivals.py keeps at every size.
MAIN = "confirm"
KEPT_ELSEWHERE = "outcome_unknown"


@pytest.fixture(scope="module")
def shop_changes(language: str) -> ShopChanges:
    return reading(language)


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("kind", KINDS, ids=[kind.name for kind in KINDS])
def test_a_pause_arrives_in_view_and_the_answer_gives_the_composer_the_focus(
    chat: Page, served: Server, language: str, artifacts: Path, kind: Kind, size: str
) -> None:
    view_as(chat, size, "light")

    kind.arrive(chat, served, language)

    for side in each_side(chat, size):
        kept = kind.name == MAIN or (
            size == "phone" and side == "light" and kind.name != KEPT_ELSEWHERE
        )
        shot(chat, artifacts, f"{kind.name}-{size}-{side}-{language}", kept)
        assert out_of_view(chat) == NOTHING_OUT
    kind.respond(chat.locator(CARD).last)
    expect(chat.locator(f"{CARD}[data-kind={kind.name}]")).to_have_count(0)
    # An answer that brings the next pause (an ask's value, then its charge) gives it the focus.
    focused = "confirm" if kind.name == "ask" else "textarea"
    chat.wait_for_function(
        "(tag) => document.querySelector('stalwart-chat').shadowRoot.activeElement?.localName"
        " === tag",
        arg=f"stalwart-{focused}" if focused == "confirm" else focused,
    )
    for _side in each_side(chat, size):
        assert composer_has_focus(chat) == (kind.name != "ask")


def test_a_first_load_in_the_bots_language_is_clean_and_at_most_30_kb_gzipped(
    new_context: Callable[[], BrowserContext], served: Server
) -> None:
    load = FirstLoad(new_context(), served)
    assert load.failures == []
    sizes = load.gzipped(served)
    assert sum(sizes.values()) <= BUDGET, sorted(sizes.items(), key=lambda item: -item[1])


FIND = {"en": "find order 4411", "pt-BR": "ver o pedido 4411"}


def too_small(page: Page) -> list[str]:
    """Thumb-sized: each button and toggle a person can press that is under 44 px high."""
    small: list[str] = page.locator("stalwart-chat").evaluate(
        """(chat) => deepAll(chat, "button, summary, textarea")
          .filter((node) => node.getClientRects().length)
          .filter((node) => node.getBoundingClientRect().height < 44)
          .map((node) => node.textContent)"""
    )
    return small


@pytest.mark.parametrize("size", list(SIZES))
def test_the_first_view_shows_what_the_bot_can_do_until_a_turn_is_sent(
    chat: Page, language: str, artifacts: Path, size: str
) -> None:
    can = chat.locator("stalwart-chat [part=what-i-can-do]")
    for side in each_side(chat, size):
        expect(can).to_have_attribute("open", "")
        shot(chat, artifacts, f"empty-{size}-{side}-{language}")

    send(chat, FIND[language])

    expect(chat.locator("stalwart-chat [part=log] .reply")).to_have_count(1)
    expect(can).not_to_have_attribute("open", "")
    if size == "phone":
        for _side in each_side(chat, size):
            assert too_small(chat) == []
        chat.locator("stalwart-chat [part=steps] summary").click()
        for side in each_side(chat, size):
            shot(chat, artifacts, f"answered-{size}-{side}-{language}")
            log = chat.locator("stalwart-chat [part=log]").bounding_box()
            assert log["height"] >= SIZES[size][1] / 3


class _Tour:
    """A walk through the Portuguese page that notes, at each state, the English on screen."""

    def __init__(self, chat: Page, sources: Sources) -> None:
        self.chat, self.sources = chat, sources
        self.foreign: dict[str, list[str]] = {}

    def look(self, state: str) -> None:
        self.foreign[state] = self.sources.foreign(self.chat)

    def turn(self, state: str, words: str, *wait: str) -> None:
        self.sources.add_typed(words)
        send(self.chat, words)
        for selector in wait:
            expect(self.chat.locator(selector).last).to_be_visible()
        self.look(state)

    def decide(self, state: str, decision: str, wait: str = ".reply") -> None:
        answer(self.chat.locator(CARD).last, decision)
        expect(self.chat.locator(f"stalwart-chat [part=log] {wait}").last).to_be_visible()
        self.look(state)


def _stuck_undo(tour: _Tour, served: Server) -> None:
    """A charge and a refund that fails: the refund waits, then its undo is stuck and left."""
    chat = tour.chat
    served.shop.switch("fail-refunds", True)
    try:
        order = served.shop.unpaid_order(4000)
        both = f"cobrar 40 do pedido {order} e depois reembolsar 10 da cobrança ch-4412"
        tour.turn("a charge and a refund", both, CARD)
        inert = chat.locator("stalwart-chat [part=log] > stalwart-confirm[inert]")
        before = inert.count()
        answer(chat.locator(CARD).last, "approve")
        expect(inert).to_have_count(before + 1)
        expect(chat.locator(CARD)).to_have_count(1)
        tour.look("the refund waits")
        answer(chat.locator(CARD).last, "cancel_all")
        expect(chat.locator(f"{CARD}[data-kind=saga_stuck]")).to_have_count(1, timeout=UNDOING_MS)
        tour.look("an undo is stuck")
        tour.decide("the undo is left", "abandon")
    finally:
        served.shop.switch("fail-refunds", False)


def test_with_portuguese_chosen_no_english_reaches_the_screen(
    chat: Page, served: Server, language: str
) -> None:
    if language != "pt-BR":
        pytest.skip("the Portuguese page's check")
    config = get(f"{served.url}/config.json").json()
    examples = [text for tool in config["capabilities"] for text in tool["examples"]]
    # The bot's name is a proper name, as the team wrote it; its logo is its first letter.
    # The model and the company that runs it, as the delegate card names them, are names too.
    model = yaml.safe_load((served.shop.folder / "agent.yaml").read_text("utf-8"))["agents"][0]
    names = [config["name"], config["name"][0].upper(), model["model"]["model"], "OpenAI"]
    sources = Sources(served.shop.folder / "agent.yaml", names, examples)
    chat.locator("stalwart-chat [part=steps]").evaluate(
        "(trace) => trace.removeAttribute('hidden')"
    )
    tour = _Tour(chat, sources)
    tour.look("first view")
    order = served.shop.unpaid_order(4000)
    tour.turn("a charge waits", f"cobrar 40,00 do pedido {order}", CARD)
    tour.decide("the charge is approved", "approve")
    chat.locator("stalwart-chat [part=steps] summary").click()
    tour.look("what happened")
    tour.turn("a refusal", "reembolsar 500 da cobrança ch-4412", "stalwart-chat stalwart-decision")
    tour.turn("a question", "cobrar 40", CARD)
    answered = served.shop.unpaid_order(1500)
    sources.add_typed(answered)
    chat.locator(CARD).last.locator("input").fill(answered)
    chat.locator(CARD).last.locator("button[type=submit]").click()
    expect(chat.locator(f"{CARD}[data-kind=confirm]")).to_have_count(1)
    tour.look("the answer is asked to confirm")
    tour.decide("the charge is skipped", "skip")
    tour.turn("a hand-off", "como vai o tempo amanhã", f"{CARD}[data-kind=delegate]")
    tour.decide("the hand-off is declined", "decline")
    served.shop.switch("lose-next-answer", True)
    tour.turn("a cancellation waits", f"cancelar o pedido {served.shop.unpaid_order(900)}", CARD)
    tour.decide("did it happen?", "approve", "stalwart-confirm[data-kind=outcome_unknown]")
    tour.decide("it happened", "happened")
    _stuck_undo(tour, served)
    chat.reload()
    expect(chat.locator("stalwart-chat stalwart-rollback")).not_to_have_count(0)
    chat.wait_for_timeout(1000)
    tour.look("after a reload")

    found = {state: texts for state, texts in tour.foreign.items() if texts}
    assert found == {}, "\n".join(f"{state}: {texts}" for state, texts in found.items())
