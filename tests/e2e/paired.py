"""A phone paired as staff of a real `stalwart serve`: the owner's panel shows the code, a second
browser at 390x844 opens it over HTTPS on this machine's network address."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, expect

Strings = dict[str, dict[str, str]]

PANEL = "stalwart-chat [part=phone]"


def show_the_code(chat: Page, strings: Strings, language: str) -> dict[str, Any]:
    """The owner opens the phone panel and presses Show the code; the route's answer."""
    panel = chat.locator(PANEL)
    panel.locator("summary").click()
    with chat.expect_response(lambda response: response.url.endswith("/phone")) as answered:
        panel.get_by_role("button", name=strings[language]["phoneStart"]).click()
    expect(panel.locator(".phone__qr svg path").first).to_be_attached()
    code: dict[str, Any] = answered.value.json()
    return code


def phone_context(browser: Browser, side: str) -> BrowserContext:
    """A person's phone at 390x844 in `side`'s colours that takes the bot's own certificate."""
    return browser.new_context(
        viewport={"width": 390, "height": 844},
        color_scheme=side,  # type: ignore[arg-type]
        is_mobile=True,
        has_touch=True,
        ignore_https_errors=True,
    )


@contextmanager
def staff_phone(
    chat: Page, browser: Browser, strings: Strings, language: str, side: str
) -> Iterator[Page]:
    """A phone the owner pairs from `chat`'s panel, on the chat as staff; closed on leaving."""
    code = show_the_code(chat, strings, language)
    phone = phone_context(browser, side)
    try:
        page = phone.new_page()
        page.goto(code["url"])
        yield page
    finally:
        phone.close()
