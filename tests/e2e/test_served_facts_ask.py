"""An order typed in letters ("order abc") never reaches a card with an Approve: the shop asks for
the order again with its own sentence, in the person's language, on a phone at night."""

from __future__ import annotations

from pathlib import Path

import pytest
from layout import arrived, reading, shot, view_as
from playwright.sync_api import Page, expect
from served import Server, ShopChanges, english_on, send, waiting

pytestmark = pytest.mark.e2e

TYPED = {"en": "charge 40 to order abc", "pt-BR": "cobrar 40 do pedido abc"}
QUESTION = {
    "en": "I can't find that order among yours. Which order should I charge? "
    "Give its number, as 4411.",
    "pt-BR": "Não encontrei esse pedido entre os seus. "
    "Qual pedido devo cobrar? Informe o número, como 4411.",
}


@pytest.fixture(scope="module")
def shop_changes(language: str) -> ShopChanges:
    return reading(language)


def test_an_order_in_letters_is_asked_again_with_no_approve_in_sight(
    chat: Page, served: Server, language: str, artifacts: Path
) -> None:
    view_as(chat, "phone", "dark")
    send(chat, TYPED[language])
    arrived(chat)

    card = waiting(chat)
    expect(card).to_have_attribute("data-kind", "ask")
    expect(card.locator("[part=wording]")).to_have_text(QUESTION[language])
    expect(card.locator("button[data-decision=approve]")).to_have_count(0)
    expect(card.locator("input")).to_be_focused()
    shot(chat, artifacts, f"facts-abc-phone-dark-{language}")
    # "abc" is the person's own word, shown back as the order they typed.
    foreign = english_on(chat, served, language, TYPED[language])
    assert [word for word in foreign if word != "abc"] == []

    card.locator("input").fill(served.shop.unpaid_order(4000))
    card.locator("button[type=submit]").click()
    expect(waiting(chat)).to_have_attribute("data-kind", "confirm")
    expect(waiting(chat).locator("button[data-decision=approve]")).to_be_visible()
