"""The order a charge is for, on its card: its status and total under a heading of their own, an
amount that is not the total marked in words, what the charge will change as before and after,
and a paid order refused before any card. On a desktop, a laptop and a phone, light and dark, in
English and Portuguese."""

from __future__ import annotations

from pathlib import Path

import pytest
from layout import SIZES, each_side, reading, shot, view_as
from playwright.sync_api import Page, expect
from served import Server, ShopChanges, english_on, send, waiting

pytestmark = pytest.mark.e2e

CHARGE = {"en": "charge {amount} to order {order}", "pt-BR": "cobrar {amount} do pedido {order}"}
# What the shop's preview says a charge of 25 to an unpaid order of 40 will change: nothing, as
# the shop takes only the order's total.
CHANGES = {
    "en": (["Order {order}"], ["unpaid → still unpaid: the amount is not its total"]),
    "pt-BR": (["Pedido {order}"], ["em aberto → continua em aberto: o valor não é o total"]),
}
Strings = dict[str, dict[str, str]]


@pytest.fixture(scope="module")
def shop_changes(language: str) -> ShopChanges:
    return reading(language)


@pytest.mark.parametrize("size", list(SIZES))
def test_the_card_shows_the_order_its_change_and_a_reload_the_same(
    chat: Page,
    served: Server,
    language: str,
    strings: Strings,
    artifacts: Path,
    size: str,
) -> None:
    view_as(chat, size, "light")
    order = served.shop.unpaid_order(4000)
    typed = CHARGE[language].format(amount=25, order=order)
    send(chat, typed)

    card = waiting(chat)
    expect(card).to_have_count(1)
    facts = card.locator("[part=facts]")
    preview = card.locator("[part=preview]")
    total = "$40.00" if language == "en" else "US$\xa040,00"
    labels, changes = CHANGES[language]
    for side in each_side(chat, size):
        expect(facts.locator("h4")).to_have_text(strings[language]["factsTitle"])
        expect(facts.locator("dd").first).to_contain_text(total)
        expect(facts.locator(".differs")).to_be_visible()
        expect(facts).to_contain_text("unpaid" if language == "en" else "em aberto")
        expect(preview.locator("h4")).to_have_text(strings[language]["previewTitle"])
        expect(preview.locator("dt")).to_have_text([label.format(order=order) for label in labels])
        expect(preview.locator("dd")).to_have_text(changes)
        expect(preview.locator(".arrow")).to_be_visible()
        preview.scroll_into_view_if_needed()
        shot(chat, artifacts, f"facts-{size}-{side}-{language}")
        assert english_on(chat, served, language, typed) == []
    live = facts.text_content(), preview.text_content()

    chat.reload()
    again = waiting(chat)
    expect(again.locator("[part=facts]")).to_have_text(live[0] or "")
    expect(again.locator("[part=preview]")).to_have_text(live[1] or "")


def test_a_paid_order_is_refused_before_any_card(
    chat: Page, served: Server, language: str, artifacts: Path
) -> None:
    chat.set_viewport_size({"width": 390, "height": 844})
    typed = CHARGE[language].format(amount=25, order="4412")
    send(chat, typed)

    refusal = chat.locator("stalwart-chat [part=log] stalwart-decision").last
    expect(refusal).to_contain_text("order_unpaid")
    expect(waiting(chat)).to_have_count(0)
    refusal.scroll_into_view_if_needed()
    shot(chat, artifacts, f"facts-refused-phone-light-{language}")
    assert english_on(chat, served, language, typed) == []
