"""The served page as a person sees it: both themes, accessible, and talking to its host only."""

from __future__ import annotations

from pathlib import Path
from typing import Literal
from urllib.parse import urlsplit

import pytest
from layout import as_computed
from page_traffic import Traffic
from playwright.sync_api import Page, expect
from served import Server, answer, replies, send, wait_following, waiting

from tests.e2e.axe import serious_violations

pytestmark = pytest.mark.e2e

Theme = dict[str, dict[str, str]]
Side = Literal["light", "dark"]
SIDES: list[Side] = ["light", "dark"]


def a_charge_waits(chat: Page, served: Server) -> None:
    send(chat, f"charge 40 to order {served.shop.unpaid_order(4000)}")
    expect(waiting(chat)).to_have_count(1)
    wait_following(chat)
    chat.locator("stalwart-chat [part=composer] textarea").blur()
    waiting(chat).scroll_into_view_if_needed()


def test_a_waiting_confirmation_in_each_theme_is_kept_as_a_screenshot(
    chat: Page, served: Server, theme: Theme, artifacts: Path
) -> None:
    # Tall enough that the log shows the whole card under the bot's introduction.
    chat.set_viewport_size({"width": 900, "height": 1600})
    a_charge_waits(chat, served)

    for side in SIDES:
        chat.emulate_media(color_scheme=side)
        expect(chat.locator("stalwart-chat")).to_have_css(
            "background-color", as_computed(theme["--stalwart-bg"][side])
        )
        expect(waiting(chat).locator("[part=choices] .primary")).to_have_css(
            "background-color", as_computed(theme["--stalwart-accent"][side])
        )
        shot = artifacts / f"served-confirmation-{side}.png"
        chat.screenshot(path=shot, full_page=True)
        assert shot.stat().st_size > 0


def test_axe_finds_nothing_serious_with_a_pause_showing(chat: Page, served: Server) -> None:
    a_charge_waits(chat, served)

    for side in SIDES:
        chat.emulate_media(color_scheme=side)
        assert serious_violations(chat) == [], side


def test_every_request_of_the_page_goes_to_its_own_host(
    chat: Page, served: Server, traffic: Traffic
) -> None:
    a_charge_waits(chat, served)
    answer(waiting(chat), "approve")
    expect(replies(chat).last).to_contain_text("Charged $40.00")

    assert traffic.blocked == []
    assert {urlsplit(url).netloc for url in traffic.urls} == {f"127.0.0.1:{served.port}"}
    paths = {urlsplit(url).path for url in traffic.urls}
    assert {"/", "/app.js", "/config.json"} <= paths
    assert {"messages", "resume", "interrupts", "stream"} <= {path.split("/")[-1] for path in paths}
