"""The AI key form on a real `stalwart serve`: in the delegate card while the shop has no key, a
wrong key refused, the right one kept on this computer and read with at once, in both languages,
on a desktop, a laptop and a phone, light and dark."""

from __future__ import annotations

import stat
from collections.abc import Mapping
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from keyrings.alt.file import PlaintextKeyring
from layout import SIZES, each_side, on_model_at, out_of_view, shot, view_as
from paired import staff_phone
from playwright.sync_api import Browser, Locator, Page, Response, expect
from served import (
    Server,
    ShopChanges,
    answer,
    get,
    post,
    send,
    serve_shop,
    waiting,
)

from tests.fake_provider import Calls, Failure, FakeProvider

pytestmark = [pytest.mark.e2e, pytest.mark.usefixtures("fresh_model")]

Strings = dict[str, dict[str, str]]

KEY = "sk-e2e-owner-key-5d1e"
WRONG = "sk-e2e-wrong-key-0000"
VARIABLE = "OPENAI_API_KEY"
UNREAD = {
    "en": "settle what I still owe the shop, please",
    "pt-BR": "acerte o que ainda devo à loja",
}
NOTHING_OUT = {"title": [], "arguments": [], "reasons": [], "answers": []}


@pytest.fixture(scope="module")
def shop_changes(fake_model: FakeProvider, language: str) -> ShopChanges:
    """The copy's model is the fake, streaming its answers (the delegate's tests take them
    whole); no key anywhere, so the shop has none."""

    def change(folder: Path) -> Mapping[str, str]:
        on_model_at(folder, fake_model.base, language, stream=True)
        return {}

    return change


def key_file(served: Server) -> Path:
    """Where the host keeps the key without a keyring: the shop's per-user config folder."""
    return served.shop.folder / ".config" / "stalwart-agents" / "Shop-assistant" / f"{VARIABLE}.key"


def keep_body(response: Response, bodies: dict[str, list[str]]) -> None:
    """Each body the page got, by path, read as it arrives; the stream's events are in the store."""
    if "event-stream" not in response.headers.get("content-type", ""):
        bodies.setdefault(urlsplit(response.url).path, []).append(response.text())


def key_form(chat: Page, language: str) -> Locator:
    send(chat, UNREAD[language])
    form = waiting(chat).locator(".model-key")
    expect(form.locator("input[type=password]")).to_be_visible()
    return form


@pytest.mark.parametrize("size", list(SIZES))
def test_the_delegate_card_asks_the_owner_for_the_key_with_its_answers_in_view(
    chat: Page, language: str, strings: Strings, artifacts: Path, size: str
) -> None:
    view_as(chat, size, "light")

    form = key_form(chat, language)

    said = strings[language]
    help_text = said["modelKeyHelp"].replace("{variable}", VARIABLE)
    for side in each_side(chat, size):
        expect(form.locator("h3")).to_have_text(said["modelKeyTitle"])
        expect(form.locator("p").first).to_have_text(help_text)
        expect(form.locator("label")).to_have_text(said["modelKeyLabel"])
        expect(form.locator("button")).to_have_text(said["modelKeySave"])
        # Until the key is saved, passing the turn on would lead nowhere: the card does not
        # offer it.
        expect(waiting(chat).locator("[data-decision]")).to_have_text([said["decline"]])
        assert "OPENAI_API_KEY" not in form.inner_text() or language == "en"
        shot(chat, artifacts, f"model-key-{size}-{side}-{language}")
        assert out_of_view(chat) == NOTHING_OUT


def test_a_card_that_waits_when_the_page_opens_asks_for_the_key_too(
    chat: Page, language: str
) -> None:
    key_form(chat, language)

    chat.reload()

    expect(waiting(chat).locator(".model-key input[type=password]")).to_have_count(1)


# Why a provider could not check the key, none of them the key's fault: the failure, and the
# sentence the form says it in.
NOT_THE_KEY = {
    "unreachable": (Failure(503, "The server is overloaded."), "modelKeyUnreachable"),
    # A 400 that does not name the key, as a server that takes no model list's parameters sends.
    "rejected": (Failure(400, "Unsupported parameter: 'limit'."), "modelKeyRejected"),
}


@pytest.mark.parametrize("why", list(NOT_THE_KEY))
def test_a_provider_that_cannot_check_the_key_says_why_and_keeps_nothing(
    chat: Page,
    served: Server,
    fake_model: FakeProvider,
    language: str,
    strings: Strings,
    artifacts: Path,
    why: str,
) -> None:
    fake_model.down, sentence = NOT_THE_KEY[why]
    form = key_form(chat, language)

    form.locator("input").fill(KEY)
    form.locator("button").click()

    status = form.locator("[role=status]")
    expect(status).to_have_text(strings[language][sentence])
    expect(form.locator("input")).to_be_focused()
    assert not key_file(served).exists()
    # One run, six looks: the form is where the owner's focus left it.
    for size in SIZES:
        for side in each_side(chat, size):
            form.locator("input").scroll_into_view_if_needed()
            expect(status).to_be_in_viewport()
            shot(chat, artifacts, f"model-key-{why}-{size}-{side}-{language}")


def test_staff_read_that_the_owner_must_add_the_key_and_get_no_button_leading_nowhere(
    chat: Page,
    browser: Browser,
    fake_model: FakeProvider,
    language: str,
    strings: Strings,
    artifacts: Path,
) -> None:
    with staff_phone(chat, browser, strings, language, "light") as page:
        send(page, UNREAD[language])

        said = strings[language]
        card = waiting(page)
        for size in SIZES:
            for side in each_side(page, size):
                expect(card.locator(".model-key-owner")).to_have_text(said["modelKeyOwner"])
                expect(card.locator("[data-decision]")).to_have_text([said["decline"]])
                expect(card.locator(".model-key")).to_have_count(0)
                expect(card.locator(".model-key-owner")).to_be_in_viewport()
                shot(page, artifacts, f"model-key-staff-{size}-{side}-{language}")
    assert fake_model.received == []


def test_a_wrong_key_fails_the_right_one_is_kept_and_the_delegate_reads_with_it(
    chat: Page, served: Server, fake_model: FakeProvider, language: str, strings: Strings
) -> None:
    said = strings[language]
    bodies: dict[str, list[str]] = {}
    chat.on("response", lambda response: keep_body(response, bodies))
    form = key_form(chat, language)

    form.locator("input").fill(WRONG)
    form.locator("button").click()
    expect(form.locator("[role=status]")).to_have_text(said["modelKeyFailed"])
    assert not key_file(served).exists()

    form.locator("input").fill(f" {KEY} ")
    form.locator("button").click()
    expect(form.locator("[role=status]")).to_have_text(said["modelKeySaved"])
    expect(form.locator("[role=status]")).to_be_focused()
    assert form.locator("input").input_value() == ""
    assert stat.S_IMODE(key_file(served).stat().st_mode) == 0o600
    assert [(asked.path, asked.headers["authorization"]) for asked in fake_model.received] == [
        ("/v1/models", f"Bearer {WRONG}"),
        ("/v1/models", f"Bearer {KEY}"),
    ]

    order = served.shop.unpaid_order(2500)
    fake_model.then(Calls(("charge_card", {"amount": 25, "order_id": order})))
    answer(waiting(chat).first, "approve")
    expect(waiting(chat).locator("[part=wording]")).to_contain_text(order)
    assert fake_model.received[-1].headers["authorization"] == f"Bearer {KEY}"
    assert fake_model.received[-1].headers["accept"] == "text/event-stream"
    assert fake_model.received[-1].body["stream"] is True
    assert get(f"{served.url}/config.json").json()["model_key"] == {
        "variable": VARIABLE,
        "missing": False,
    }
    # The key is nowhere but its file: not in the run store, the host's log or a page it served.
    stored = [path for path in served.shop.folder.iterdir() if path.name.startswith("runs.db")]
    assert [path.name for path in stored if KEY.encode() in path.read_bytes()] == []
    assert KEY not in served.log.read_text(encoding="utf-8")
    assert "/model-key" in bodies
    assert [path for path, texts in bodies.items() if any(KEY in text for text in texts)] == []


def test_with_a_keyring_the_key_goes_there_and_the_next_start_reads_with_it(
    tmp_path: Path, fake_model: FakeProvider
) -> None:
    def change(folder: Path) -> Mapping[str, str]:
        on_model_at(folder, fake_model.base, "en", stream=True)
        return {"PYTHON_KEYRING_BACKEND": "keyrings.alt.file.PlaintextKeyring"}

    served = serve_shop(tmp_path, change)
    try:
        assert get(f"{served.url}/config.json").json()["model_key"]["missing"] is True
        saved = post(f"{served.url}/model-key", {"key": KEY})
        assert saved.json() == {"in_use": True, "kept_in": "keyring"}
        served.stop()
        served.start()
        assert get(f"{served.url}/config.json").json()["model_key"]["missing"] is False
    finally:
        served.stop()
    assert not key_file(served).exists()
    # The backend's own file, read by another instance of it, as the next start read it.
    reader = PlaintextKeyring()
    reader.file_path = str(served.shop.folder / ".data" / "python_keyring" / "keyring_pass.cfg")
    assert reader.get_password("stalwart-agents", f"Shop assistant/{VARIABLE}") == KEY
    assert KEY not in served.log.read_text(encoding="utf-8")
