"""<stalwart-chat> over the scripted stand-in, for what `stalwart serve` cannot be brought into.

Every flow a person does runs on a real server in the test_served_* modules. These two stay here:
the served page has no header or footer slots (only a page that embeds the chat does), and
`stalwart serve` always answers at / (only an app that mounts it elsewhere has a base).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

pytestmark = pytest.mark.e2e


@pytest.fixture
def chat(open_page: Callable[[str], Page]) -> Page:
    page = open_page("chat.html")
    expect(page.locator("stalwart-chat [part=name]")).to_have_text("Shop")
    return page


def send(page: Page, text: str) -> None:
    field = page.locator("stalwart-chat textarea")
    field.fill(text)
    field.press("Enter")


def requests(page: Page, ending: str = "") -> list[dict[str, Any]]:
    sent: list[dict[str, Any]] = page.evaluate("backend.requests")
    return [request for request in sent if request["path"].endswith(ending)]


def log(page: Page) -> Locator:
    return page.locator("stalwart-chat [part=log]")


def test_the_header_and_footer_slots_show_the_pages_content(chat: Page) -> None:
    expect(chat.get_by_text("Beta")).to_be_visible()
    expect(chat.get_by_text("Shop Ltd.")).to_be_visible()


def test_every_request_goes_under_base(open_page: Callable[[str], Page]) -> None:
    page = open_page("chat.html?base=/agent/")
    send(page, "hello there")
    expect(log(page).locator(".reply")).to_have_count(1)
    assert all(r["path"].startswith("/agent/") for r in requests(page))
