"""<stalwart-chat> follows the thread's event stream: steps, resumes after a drop, no repeats."""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e

Strings = dict[str, dict[str, str]]

OPEN = "streams.at(-1).open()"
AT = "2026-12-01T10:00:00Z"


def send(page: Page, id: int, type: str = "plan", **data: object) -> None:
    """Sends one event of the thread on the newest stream, as the backend would."""
    event = {"id": id, "thread": "u-17", "run": "r-1", "type": type, "at": AT, "data": data}
    page.evaluate("(event) => streams.at(-1).send(event)", event)


@pytest.fixture
def chat(open_page: Callable[[str], Page]) -> Page:
    page = open_page("chat.html")
    page.wait_for_function("() => streams.length === 1")
    return page


def steps(page: Page) -> list[str]:
    page.locator("stalwart-chat [part=steps] summary").click()
    texts: list[str] = page.locator("stalwart-chat [part=steps] li").all_inner_texts()
    return texts


def test_follows_the_threads_stream_under_base(chat: Page, server: str) -> None:
    assert chat.evaluate("streams[0].url") == f"{server}/threads/u-17/stream"


def test_is_connected_only_while_the_stream_is_open(chat: Page) -> None:
    assert chat.evaluate("document.getElementById('chat').isConnected") is False
    chat.evaluate(OPEN)
    assert chat.evaluate("document.getElementById('chat').isConnected") is True
    chat.evaluate("streams[0].drop(false)")
    assert chat.evaluate("document.getElementById('chat').isConnected") is False


def test_each_event_shows_as_a_step(chat: Page) -> None:
    chat.evaluate(OPEN)
    send(chat, 1, "plan", step=0, tool="charge_card")
    send(chat, 2, "check", step=0, tool="charge_card")
    expect(chat.locator("stalwart-chat [part=steps] li")).to_have_count(2)


def test_an_event_sent_again_shows_once(chat: Page) -> None:
    chat.evaluate(OPEN)
    for id in (1, 2, 2, 1, 3):
        send(chat, id, "plan", step=id, tool="t")
    expect(chat.locator("stalwart-chat [part=steps] li")).to_have_count(3)


def test_a_drop_shows_reconnecting_until_the_stream_is_back(chat: Page, strings: Strings) -> None:
    chat.evaluate(OPEN)
    status = chat.locator("stalwart-chat [part=status]")
    chat.evaluate("streams[0].drop(false)")
    expect(status).to_have_text(strings["en"]["reconnecting"])
    chat.evaluate(OPEN)
    expect(status).to_have_text("")


def test_a_drop_the_browser_retries_keeps_the_same_stream(chat: Page) -> None:
    chat.evaluate(OPEN)
    chat.evaluate("streams[0].drop(false)")
    chat.wait_for_timeout(1500)
    assert chat.evaluate("streams.length") == 1


def test_a_closed_stream_is_opened_again_after_the_last_event(chat: Page) -> None:
    chat.evaluate(OPEN)
    send(chat, 41)
    send(chat, 42)
    chat.evaluate("streams[0].drop(true)")
    chat.wait_for_function("() => streams.length === 2", timeout=5000)
    url = chat.evaluate("streams[1].url")
    assert parse_qs(urlsplit(url).query) == {"last_event_id": ["42"]}


def test_a_resumed_stream_adds_only_what_was_missed(chat: Page) -> None:
    chat.evaluate(OPEN)
    send(chat, 1)
    send(chat, 2)
    chat.evaluate("streams[0].drop(true)")
    chat.wait_for_function("() => streams.length === 2", timeout=5000)
    chat.evaluate(OPEN)
    for id in (2, 3, 4):
        send(chat, id)
    expect(chat.locator("stalwart-chat [part=steps] li")).to_have_count(4)


def test_the_old_stream_is_closed_when_a_new_one_opens(chat: Page) -> None:
    chat.evaluate(OPEN)
    chat.evaluate("streams[0].drop(true)")
    chat.wait_for_function("() => streams.length === 2", timeout=5000)
    assert chat.evaluate("streams[0].readyState") == 2


def test_a_reply_from_elsewhere_shows_in_the_log(chat: Page) -> None:
    chat.evaluate(OPEN)
    send(chat, 5, "reply", message="m-9", text="Sent from the other tab.")
    expect(chat.locator("stalwart-chat [part=log] .reply p")).to_have_text(
        ["Sent from the other tab."]
    )


def test_a_turn_this_page_sent_shows_once(chat: Page) -> None:
    chat.evaluate(OPEN)
    chat.evaluate("hold()")
    field = chat.locator("stalwart-chat textarea")
    field.fill("hello there")
    field.press("Enter")
    send(chat, 1, "turn", text="hello there")
    chat.evaluate("release()")
    expect(chat.locator("stalwart-chat [part=log] .reply")).to_have_count(1)
    expect(chat.locator("stalwart-chat [part=log] .turn")).to_have_text(["hello there"])


def test_a_reply_the_stream_sends_first_shows_once(chat: Page) -> None:
    chat.evaluate(OPEN)
    chat.evaluate("hold()")
    field = chat.locator("stalwart-chat textarea")
    field.fill("hello there")
    field.press("Enter")
    send(chat, 2, "reply", message="m-1", text="You said: hello there")
    chat.evaluate("release()")
    expect(chat.locator("stalwart-chat [part=typing]")).to_be_hidden()
    expect(chat.locator("stalwart-chat [part=log] .reply")).to_have_count(1)


def test_a_pause_opened_elsewhere_shows(chat: Page) -> None:
    chat.evaluate(OPEN)
    chat.evaluate("backend.open = [pauses.confirm]")
    send(chat, 3, "pause", step=0, tool="charge_card", kind="confirm")
    expect(chat.locator("stalwart-chat [part=log] stalwart-confirm")).to_have_count(1)


def test_a_pause_answered_elsewhere_closes(chat: Page) -> None:
    chat.evaluate(OPEN)
    chat.evaluate("backend.open = [pauses.confirm]")
    send(chat, 3, "pause", step=0, tool="charge_card", kind="confirm")
    card = chat.locator("stalwart-chat [part=log] stalwart-confirm")
    expect(card).to_have_count(1)
    chat.evaluate("backend.open = []")
    send(chat, 4, "answer", step=0, decision="approve")
    expect(card).to_have_attribute("inert", "")


def test_leaving_the_page_closes_the_stream(chat: Page) -> None:
    chat.evaluate(OPEN)
    chat.evaluate("document.getElementById('chat').remove()")
    assert chat.evaluate("streams[0].readyState") == 2


def test_another_thread_is_another_conversation(chat: Page) -> None:
    chat.evaluate(OPEN)
    send(chat, 7, "reply", message="m-9", text="Old thread.")
    chat.evaluate("document.getElementById('chat').setAttribute('thread', 'u-18')")
    chat.wait_for_function("() => streams.length === 2")
    assert chat.evaluate("streams[1].url").endswith("/threads/u-18/stream")
    expect(chat.locator("stalwart-chat [part=log] .reply")).to_have_count(0)
