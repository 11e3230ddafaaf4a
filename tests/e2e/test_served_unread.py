"""A turn nothing reads, on a real `stalwart serve` whose agent has no model: no card offers
what cannot happen; the reply says so in one sentence and offers what the bot can do, each
with its Try-it example, in English and Portuguese, at three sizes, light and dark."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import pytest
import yaml
from layout import LANGUAGES, SIZES, each_side, shot, view_as
from playwright.sync_api import Page, expect
from served import ShopChanges, replies, send, waiting

pytestmark = pytest.mark.e2e

Strings = dict[str, dict[str, str]]

UNREAD = {
    "en": "settle what I still owe the shop, please",
    "pt-BR": "acerte o que ainda devo à loja",
}
SAID = {
    "en": "I couldn't work that out, so I did nothing.",
    "pt-BR": "Não consegui entender, então não fiz nada.",
}


@pytest.fixture(scope="module", params=LANGUAGES)
def language(request: pytest.FixtureRequest) -> str:
    chosen: str = request.param
    return chosen


@pytest.fixture(scope="module")
def shop_changes(language: str) -> ShopChanges:
    """The shop as `stalwart init` leaves an agent: no `model:`, so nothing can read for it."""

    def change(folder: Path) -> Mapping[str, str]:
        agent_file = folder / "agent.yaml"
        spec = yaml.safe_load(agent_file.read_text(encoding="utf-8"))
        del spec["agents"][0]["model"]
        agent_file.write_text(yaml.safe_dump(spec, sort_keys=False), encoding="utf-8")
        vocabulary_file = folder / "vocabulary.yaml"
        vocabulary = yaml.safe_load(vocabulary_file.read_text(encoding="utf-8"))
        vocabulary["settings"]["language"] = language
        vocabulary_file.write_text(
            yaml.safe_dump(vocabulary, sort_keys=False, allow_unicode=True), encoding="utf-8"
        )
        return {}

    return change


@pytest.mark.parametrize("size", list(SIZES))
def test_an_unread_turn_says_so_and_offers_what_the_bot_can_do(
    chat: Page, strings: Strings, language: str, artifacts: Path, size: str
) -> None:
    view_as(chat, size, "light")

    send(chat, UNREAD[language])

    reply = replies(chat).last
    offer = reply.locator("[part=what-i-can-do]")
    for side in each_side(chat, size):
        expect(reply.locator("p").first).to_have_text(SAID[language])
        expect(offer.locator("summary")).to_have_text(strings[language]["canTitle"])
        expect(offer.locator("button").first).to_have_text(strings[language]["tryIt"])
        expect(waiting(chat)).to_have_count(0)
        shot(chat, artifacts, f"unread-no-model-{size}-{side}-{language}")


def test_try_it_puts_the_example_in_the_message_box(chat: Page, language: str) -> None:
    send(chat, UNREAD[language])
    offer = replies(chat).last.locator("[part=what-i-can-do] [part=can]").first
    example = offer.locator("q").inner_text()

    offer.locator("button").click()

    field = chat.locator("stalwart-chat [part=composer] textarea")
    expect(field).to_have_value(example)
    expect(field).to_be_focused()
