"""Did you mean, on a real `stalwart serve` of the shop with no model key: a turn nothing reads
shows the requests it came close to as buttons; pressing one sends it as the person's turn, and
it plans like any other. Screenshots at every size and side, in English and Portuguese."""

from __future__ import annotations

from pathlib import Path

import pytest
from layout import SIDES, SIZES, reading, shot
from playwright.sync_api import Locator, Page, expect
from served import Server, ShopChanges, replies, send, waiting

from stalwart_agents.wording import phrase

pytestmark = pytest.mark.e2e

CLOSE = {
    "en": "suss out order {order} for me mate",
    "pt-BR": "quero dar uma olhadela na compra {order}, cadê ela?",
}
OFFERED = {"en": "Find the order {order}", "pt-BR": "Buscar o pedido {order}"}


@pytest.fixture(scope="module")
def shop_changes(language: str) -> ShopChanges:
    return reading(language)


def offered(page: Page) -> Locator:
    return page.locator("stalwart-chat [part=log] [part=suggestions]")


def test_a_suggestion_pressed_is_sent_as_the_persons_turn_and_runs(
    chat: Page,
    served: Server,
    language: str,
    strings: dict[str, dict[str, str]],
    artifacts: Path,
) -> None:
    order = served.shop.unpaid_order(4000)
    send(chat, CLOSE[language].format(order=order))

    suggestions = offered(chat)
    expect(suggestions.locator("h4")).to_have_text(strings[language]["didYouMean"])
    buttons = suggestions.locator("button")
    expect(buttons).to_have_text([OFFERED[language].format(order=order)])
    expect(waiting(chat)).to_have_count(1)

    for size, (width, height) in SIZES.items():
        chat.set_viewport_size({"width": width, "height": height})
        for side in SIDES:
            chat.emulate_media(color_scheme=side)
            buttons.first.scroll_into_view_if_needed()
            shot(chat, artifacts, f"suggestions-{size}-{side}-{language}")

    buttons.first.click()
    turns = chat.locator("stalwart-chat [part=log] > .turn")
    expect(turns.last).to_have_text(OFFERED[language].format(order=order))
    # The delegate card was a question about the turn before: it closed with the new turn, and
    # that run's "Cancelled" stands above the new turn's answer, which is the last word.
    expect(waiting(chat)).to_have_count(0)
    expect(replies(chat).filter(has_text=phrase(language, "cancelled"))).to_have_count(1)
    expect(replies(chat).last).to_contain_text(order)
    # It undid nothing, so no rollback report stands between them; the closed card looks closed,
    # the key form it holds too, and the answer has come into view without scrolling.
    log = chat.locator("stalwart-chat [part=log]")
    expect(log.locator("> stalwart-rollback")).to_have_count(0)
    closed = log.locator("> stalwart-confirm[inert]")
    expect(closed).to_have_count(1)
    expect(closed.locator("[slot=model-key]").first).to_have_css("opacity", "0.6")
    expect(replies(chat).last).to_be_in_viewport()

    for size, (width, height) in SIZES.items():
        chat.set_viewport_size({"width": width, "height": height})
        for side in SIDES:
            chat.emulate_media(color_scheme=side)
            replies(chat).last.scroll_into_view_if_needed()
            shot(chat, artifacts, f"suggestion-pressed-{size}-{side}-{language}")
