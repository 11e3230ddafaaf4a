"""<stalwart-chat>'s stream on the scripted stand-in, for drops a real server cannot make at will.

The stream on a real server (following it, resuming after a drop without a gap or a repeat, what
another channel does showing here) is in test_served_stream.py. These stay here: a real server
never sends an event twice, and whether a dropped stream is retried by the browser or closed is
the browser's choice, so only the stand-in can drop it one way or the other when a test says so.
"""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e

OPEN = "streams.at(-1).open()"
AT = "2026-12-01T10:00:00Z"
# Longer than any wait before the chat opens a stream again.
RETRY_MS = 60_000


def send(page: Page, id: int, type: str = "plan", **data: object) -> None:
    """Sends one event of the thread on the newest stream, as the backend would."""
    event = {"id": id, "thread": "u-17", "run": "r-1", "type": type, "at": AT, "data": data}
    page.evaluate("(event) => streams.at(-1).send(event)", event)


@pytest.fixture
def chat(open_page: Callable[[str], Page]) -> Page:
    page = open_page("chat.html")
    page.wait_for_function("() => streams.length === 1")
    return page


def test_an_event_sent_again_shows_once(chat: Page) -> None:
    chat.evaluate(OPEN)
    for id in (1, 2, 2, 1, 3):
        send(chat, id, "plan", step=id, tool="t")
    expect(chat.locator("stalwart-chat [part=steps] li.step")).to_have_count(3)


def test_a_drop_the_browser_retries_keeps_the_same_stream(chat: Page) -> None:
    chat.clock.install()
    chat.evaluate(OPEN)
    chat.evaluate("streams[0].drop(false)")
    # The page's clock runs past any wait of the chat's, so a new stream would be open by now.
    chat.clock.run_for(RETRY_MS)
    assert chat.evaluate("streams.length") == 1


def test_a_closed_stream_is_opened_again_after_the_last_event(chat: Page) -> None:
    chat.evaluate(OPEN)
    send(chat, 41)
    send(chat, 42)
    chat.evaluate("streams[0].drop(true)")
    chat.wait_for_function("() => streams.length === 2", timeout=5000)
    url = chat.evaluate("streams[1].url")
    assert parse_qs(urlsplit(url).query) == {"last_event_id": ["42"]}


def test_the_old_stream_is_closed_when_a_new_one_opens(chat: Page) -> None:
    chat.evaluate(OPEN)
    chat.evaluate("streams[0].drop(true)")
    chat.wait_for_function("() => streams.length === 2", timeout=5000)
    assert chat.evaluate("streams[0].readyState") == 2
