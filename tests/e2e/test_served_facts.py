"""The order a charge is for, on its card: its status and total under a heading of their own, an
amount that is not the total marked in words, and a paid order refused before any card. On a
desktop, a laptop and a phone, light and dark, in English and Portuguese."""

from __future__ import annotations

from pathlib import Path

import pytest
from layout import SIDES, SIZES, reading, shot
from playwright.sync_api import Page, expect
from served import Server, ShopChanges, english_on, send, waiting

pytestmark = pytest.mark.e2e

CHARGE = {"en": "charge {amount} to order {order}", "pt-BR": "cobrar {amount} do pedido {order}"}
Strings = dict[str, dict[str, str]]


@pytest.fixture(scope="module")
def shop_changes(language: str) -> ShopChanges:
    return reading(language)


@pytest.mark.parametrize("side", SIDES)
@pytest.mark.parametrize("size", list(SIZES))
def test_the_card_shows_the_order_s_status_and_total_and_a_reload_the_same(
    chat: Page,
    served: Server,
    language: str,
    strings: Strings,
    artifacts: Path,
    size: str,
    side: str,
) -> None:
    width, height = SIZES[size]
    chat.set_viewport_size({"width": width, "height": height})
    chat.emulate_media(color_scheme=side)
    typed = CHARGE[language].format(amount=25, order=served.shop.unpaid_order(4000))
    send(chat, typed)

    card = waiting(chat)
    expect(card).to_have_count(1)
    facts = card.locator("[part=facts]")
    expect(facts.locator("h4")).to_have_text(strings[language]["factsTitle"])
    total = "$40.00" if language == "en" else "US$\xa040,00"
    expect(facts.locator("dd").first).to_contain_text(total)
    expect(facts.locator(".differs")).to_be_visible()
    expect(facts).to_contain_text("unpaid" if language == "en" else "em aberto")
    live = facts.text_content()
    facts.scroll_into_view_if_needed()
    shot(chat, artifacts, f"facts-{size}-{side}-{language}")
    assert english_on(chat, served, language, typed) == []

    chat.reload()
    expect(waiting(chat).locator("[part=facts]")).to_have_text(live or "")


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
