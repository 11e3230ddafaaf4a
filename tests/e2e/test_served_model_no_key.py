"""`on_unread: model` with a `model:` but no key, on a real `stalwart serve`: the owner's reply
carries the key form in place, and the key saved there reads the next turn; staff read only that
the owner must add it, with no button leading nowhere; in English and Portuguese, on a desktop,
a laptop and a phone, light and dark."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import pytest
from layout import SIZES, each_side, on_model_at, shot
from paired import staff_phone
from playwright.sync_api import Browser, Locator, Page, expect
from served import Server, ShopChanges, english_on, replies, send, waiting

from stalwart_agents._generated.spec import REPLIES
from tests.fake_provider import FakeProvider, Words

pytestmark = [pytest.mark.e2e, pytest.mark.usefixtures("fresh_model")]

Strings = dict[str, dict[str, str]]

KEY = "sk-e2e-owner-key-no-key"
UNREAD = {
    "en": "settle what I still owe the shop, please",
    "pt-BR": "acerte o que ainda devo à loja",
}
WORDS = {
    "en": "I can look an order up, charge it or cancel it. Which order do you mean?",
    "pt-BR": "Posso consultar um pedido, cobrar ou cancelar. De qual pedido você fala?",
}


@pytest.fixture(scope="module")
def shop_changes(fake_model: FakeProvider, language: str) -> ShopChanges:
    """The copy hands what it cannot read straight to its model, the fake on loopback, with no
    key anywhere, in `language`."""

    def change(folder: Path) -> Mapping[str, str]:
        on_model_at(folder, fake_model.base, language, {"on_unread": "model"})
        return {}

    return change


def no_key_reply(page: Page, language: str) -> Locator:
    """Send a turn nothing reads: the reply that says the model has no key, and no card."""
    send(page, UNREAD[language])
    reply = replies(page).last
    expect(reply.locator("p").first).to_have_text(REPLIES[language]["model_no_key"])
    expect(waiting(page)).to_have_count(0)
    return reply


def test_the_owners_reply_carries_the_key_form_at_every_size(
    chat: Page,
    language: str,
    strings: Strings,
    fake_model: FakeProvider,
    served: Server,
    artifacts: Path,
) -> None:
    reply = no_key_reply(chat, language)

    said = strings[language]
    form = reply.locator(".model-key")
    expect(form.locator("h3")).to_have_text(said["modelKeyTitle"])
    expect(form.locator("label")).to_have_text(said["modelKeyLabel"])
    expect(form.locator("button")).to_have_text(said["modelKeySave"])
    # One run, six looks: the log is scrolled to the form as the owner would have it.
    for size in SIZES:
        for side in each_side(chat, size):
            form.scroll_into_view_if_needed()
            expect(form.locator("input[type=password]")).to_be_in_viewport()
            expect(form.locator("button")).to_be_in_viewport()
            shot(chat, artifacts, f"model-no-key-{size}-{side}-{language}")
    assert english_on(chat, served, language, UNREAD[language]) == []
    assert fake_model.received == []


def test_staff_read_only_the_reply_saying_the_owner_must_add_the_key(
    chat: Page,
    browser: Browser,
    strings: Strings,
    language: str,
    artifacts: Path,
    served: Server,
    fake_model: FakeProvider,
) -> None:
    with staff_phone(chat, browser, strings, language, "light") as page:
        reply = no_key_reply(page, language)

        for size in SIZES:
            for side in each_side(page, size):
                expect(reply.locator(".model-key")).to_have_count(0)
                # Its only buttons rate the reply: nothing offers a key or a hand-off that cannot
                # happen.
                expect(reply.locator("button:not(.thumb), input")).to_have_count(0)
                reply.scroll_into_view_if_needed()
                expect(reply.locator("p").first).to_be_in_viewport()
                shot(page, artifacts, f"model-no-key-staff-{size}-{side}-{language}")
                assert english_on(page, served, language, UNREAD[language]) == []
    assert fake_model.received == []


# Last: the key it saves is the host's for the rest of the module.
def test_the_key_saved_in_the_reply_reads_the_next_turn(
    chat: Page, fake_model: FakeProvider, language: str, strings: Strings
) -> None:
    form = no_key_reply(chat, language).locator(".model-key")

    form.locator("input").fill(KEY)
    form.locator("button").click()
    expect(form.locator("[role=status]")).to_have_text(strings[language]["modelKeySaved"])

    fake_model.then(Words(WORDS[language]))
    send(chat, UNREAD[language])
    reply = replies(chat).last
    expect(reply.locator("p").first).to_have_text(WORDS[language])
    expect(reply.locator(".by-model")).to_have_text(strings[language]["origin_model"])
    assert [asked.headers["authorization"] for asked in fake_model.received] == [
        f"Bearer {KEY}"
    ] * 2
