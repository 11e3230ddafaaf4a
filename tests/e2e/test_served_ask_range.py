"""A number the question cannot take, typed into the shop's amount question on the served page:
the sentence under the card gives the range in words, in the chat's language, and the question
waits for another number, on a desktop, a laptop and a phone, light and dark."""

from __future__ import annotations

from pathlib import Path

import pytest
from layout import CARD, SIZES, arrived, each_side, reading, shot, view_as
from playwright.sync_api import Page, expect
from served import Server, ShopChanges, send, waiting

pytestmark = pytest.mark.e2e

ASK = {"en": "charge order 4411", "pt-BR": "cobrar o pedido 4411"}
RANGE = {
    "en": "1e30 is out of range: give a number from -9007 trillion to 9007 trillion. "
    "How much should I charge?",
    "pt-BR": "1e30 está fora do intervalo: informe um número de -9007 trilhões a 9007 trilhões. "
    "Quanto devo cobrar?",
}


@pytest.fixture(scope="module")
def shop_changes(language: str) -> ShopChanges:
    return reading(language)


@pytest.mark.parametrize("size", list(SIZES))
def test_a_number_past_the_range_is_told_in_words_and_the_question_waits(
    chat: Page, served: Server, language: str, artifacts: Path, size: str
) -> None:
    view_as(chat, size, "light")
    send(chat, ASK[language])
    arrived(chat)
    question = waiting(chat)

    question.locator("input").fill("1e30")
    question.locator("button[type=submit]").click()

    refused = chat.locator("stalwart-chat [part=log] .refused")
    for side in each_side(chat, size):
        expect(refused).to_have_text(RANGE[language].replace("1e30", "'1e30'"))
        expect(refused).to_be_in_viewport()
        expect(chat.locator(CARD)).to_have_count(1)
        expect(chat.locator("stalwart-chat [part=error-detail]")).to_be_hidden()
        shot(chat, artifacts, f"ask-range-{size}-{side}-{language}", kept=False)

    waiting(chat).locator("input").fill("40")
    waiting(chat).locator("button[type=submit]").click()
    expect(waiting(chat).locator("[part=wording]")).to_contain_text("4411")
    expect(refused).to_have_count(1)
