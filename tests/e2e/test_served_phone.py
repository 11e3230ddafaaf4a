"""Use it on your phone, on a real `stalwart serve`: the owner's panel shows a code, a phone pairs.

The owner's browser is on loopback. The phone is a second browser at 390x844 that opens the QR
code's URL over HTTPS on this machine's network address, takes the self-signed certificate as a
person does once its fingerprint matched, and chats as staff of a staff-only bot.
"""

from __future__ import annotations

import hashlib
import ssl
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import yaml
from layout import LANGUAGES, SIZES, as_computed, each_side, read_in, shot, view_as
from paired import PANEL, phone_context, show_the_code
from playwright.sync_api import Browser, BrowserContext, Page, expect
from served import Server, ShopChanges, get, replies, send

from stalwart_agents._generated.spec import REPLIES
from stalwart_agents.ids import session_handle

pytestmark = pytest.mark.e2e

Strings = dict[str, dict[str, str]]
FIND = {"en": "find order 4411", "pt-BR": "ver o pedido 4411"}


@pytest.fixture(scope="module", params=LANGUAGES)
def language(request: pytest.FixtureRequest) -> str:
    chosen: str = request.param
    return chosen


@pytest.fixture(scope="module")
def shop_changes(language: str) -> ShopChanges:
    """A staff-only shop in the language, its certificate kept in a config folder of its own."""

    def change(folder: Path) -> Mapping[str, str]:
        agent_file = folder / "agent.yaml"
        agent = yaml.safe_load(agent_file.read_text(encoding="utf-8"))
        agent["agents"][0]["staff_only"] = True
        agent_file.write_text(yaml.safe_dump(agent, sort_keys=False), encoding="utf-8")
        read_in(folder, language)
        return {"XDG_CONFIG_HOME": str(folder / "xdg")}

    return change


def fingerprint_start(served: Server) -> str:
    """The first eight bytes of the kept certificate's SHA-256, read from its file on disk."""
    (kept,) = Path(served.shop.environment["XDG_CONFIG_HOME"]).rglob("phone-certificate.pem")
    der = ssl.PEM_cert_to_DER_cert(kept.read_text(encoding="ascii"))
    digest = hashlib.sha256(der).hexdigest().upper()
    return " ".join(digest[i : i + 2] for i in range(0, 16, 2))


@pytest.fixture
def phones(browser: Browser) -> Iterator[Callable[[], BrowserContext]]:
    """Phone browsers at 390x844 in light that take the bot's own certificate, each a person's
    phone; a test shows one in dark with each_side."""
    made: list[BrowserContext] = []

    def make() -> BrowserContext:
        phone = phone_context(browser, "light")
        made.append(phone)
        return phone

    yield make
    for phone in made:
        phone.close()


@pytest.mark.parametrize("size", list(SIZES))
def test_the_owner_sees_the_qr_code_and_the_fingerprint_to_check(
    chat: Page,
    served: Server,
    strings: Strings,
    language: str,
    artifacts: Path,
    size: str,
) -> None:
    view_as(chat, size, "light")

    code = show_the_code(chat, strings, language)

    panel = chat.locator(PANEL)
    start = fingerprint_start(served)
    assert code["fingerprint_start"] == start
    assert urlsplit(code["url"]).scheme == "https"
    warning = strings[language]["phoneWarning"].replace("{start}", start)
    for side in each_side(chat, size):
        expect(panel.get_by_text(strings[language]["phoneScan"])).to_be_visible()
        expect(panel.locator(".phone__warning")).to_have_text(warning)
        expect(panel.locator(".phone__qr")).to_be_in_viewport()
        shot(chat, artifacts, f"phone-panel-{size}-{side}-{language}")


def test_the_phone_opens_the_code_and_chats_as_staff_and_a_second_use_fails(
    chat: Page,
    served: Server,
    strings: Strings,
    language: str,
    artifacts: Path,
    phones: Callable[[], BrowserContext],
    theme: dict[str, dict[str, str]],
) -> None:
    code = show_the_code(chat, strings, language)
    lan = urlsplit(code["url"])
    assert lan.hostname not in {"127.0.0.1", "localhost"}

    phone = phones()
    asked: list[str] = []
    phone.on("request", lambda request: asked.append(request.url))
    page = phone.new_page()
    page.goto(code["url"])
    expect(page).to_have_url(f"https://{lan.netloc}/")
    name = get(f"{served.url}/config.json").json()["name"]
    expect(page.locator("stalwart-chat [part=name]")).to_have_text(name)
    send(page, FIND[language])
    for side in each_side(page, "phone"):
        expect(page.locator(PANEL)).to_be_hidden()
        expect(replies(page)).to_have_count(1)
        expect(replies(page).first).to_contain_text("4411")
        page.locator("stalwart-chat [part=composer] textarea").blur()
        shot(page, artifacts, f"phone-paired-{side}-{language}")
    # The phone talked to the LAN listener only, over HTTPS.
    assert {f"{urlsplit(url).scheme}://{urlsplit(url).netloc}" for url in asked} == {
        f"https://{lan.netloc}"
    }

    again = phones().new_page()
    refused = again.goto(code["url"])
    assert refused is not None and refused.status == 401
    for side in each_side(again, "phone"):
        expect(again.locator("p")).to_have_text(REPLIES[language]["pairing_used"])
        expect(again.locator("h1")).to_have_text(REPLIES[language]["pairing_refused"])
        # Its own style applies under the server's Content-Security-Policy, in the theme's
        # colours.
        expect(again.locator("body")).to_have_css("max-width", "512px")
        background = as_computed(theme["--stalwart-bg"][side])
        expect(again.locator("body")).to_have_css("background-color", background)
        shot(again, artifacts, f"phone-used-{side}-{language}", kept=False)


def test_the_owner_sees_the_paired_phone_and_revokes_it(
    chat: Page,
    strings: Strings,
    language: str,
    artifacts: Path,
    phones: Callable[[], BrowserContext],
) -> None:
    view_as(chat, "desktop", "light")
    code = show_the_code(chat, strings, language)
    phone = phones().new_page()
    phone.goto(code["url"])
    expect(phone.locator("stalwart-chat [part=composer]")).to_be_visible()
    (session,) = [c["value"] for c in phone.context.cookies() if c["name"] == "stalwart_session"]

    # The owner's panel lists the phone by its handle, within a few seconds.
    device = chat.locator(f"{PANEL} .phone__devices li", has_text=session_handle(session))
    for side in each_side(chat, "desktop"):
        expect(device).to_be_visible(timeout=10_000)
        shot(chat, artifacts, f"phone-devices-{side}-{language}")
    revoke = device.get_by_role("button", name=strings[language]["phoneRevoke"])
    with chat.expect_response(lambda response: "/staff/" in response.url) as gone:
        revoke.click()
    assert gone.value.status == 204
    expect(device).to_have_count(0)

    # The phone is a guest from its next request: the staffOnly note, no message box.
    phone.reload()
    expect(phone.get_by_text(strings[language]["staffOnly"])).to_be_visible()
    expect(phone.locator("stalwart-chat [part=composer]")).to_be_hidden()
