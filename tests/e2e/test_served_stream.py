"""The page follows its thread's stream, and a dropped stream resumes without a repeat or a gap."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from playwright.sync_api import BrowserContext, Page, expect
from served import (
    Server,
    get,
    hold_answers,
    let_go,
    open_chat,
    post,
    replies,
    send,
    wait_following,
    wait_took,
    waiting,
)

pytestmark = pytest.mark.e2e

Strings = dict[str, dict[str, str]]

SEEN = """() => document.querySelector("stalwart-chat").shadowRoot
  .querySelector("stalwart-trace").events.map((event) => event.id)"""


# Every text the chat's status line shows, from the page's first moment.
STATUS_TEXTS = """
window.statusTexts = [];
new MutationObserver((_, observer) => {
  const chat = document.querySelector("stalwart-chat");
  const status = chat?.shadowRoot?.querySelector("[part=status]");
  if (!status) return;
  observer.disconnect();
  window.statusTexts.push(status.textContent);
  new MutationObserver((changes) => {
    for (const change of changes) {
      for (const node of change.addedNodes) window.statusTexts.push(node.textContent);
    }
  }).observe(status, { childList: true, characterData: true, subtree: true });
}).observe(document, { childList: true, subtree: true });
"""


# Every EventSource the page makes, kept in order, so a test sees which are open.
STREAMS = """
window.streams = [];
window.EventSource = class extends window.EventSource {
  constructor(...options) {
    super(...options);
    window.streams.push(this);
  }
};
"""
STREAM_OPEN = "() => document.querySelector('stalwart-chat').streamOpen"
IN_DOCUMENT = "() => document.querySelector('stalwart-chat').isConnected"
STREAM_EVENTS = """
window.streamEvents = [];
document.querySelector('stalwart-chat').addEventListener('stalwart-stream', (event) => {
  window.streamEvents.push(event.detail.open);
});
"""


@pytest.fixture
def streams(context: BrowserContext) -> None:
    """The page keeps its EventSources in window.streams; ask for it before `chat`."""
    context.add_init_script(STREAMS)


def seen(page: Page) -> list[int]:
    """The ids of the stream events the page took, in the order it took them."""
    ids: list[int] = page.evaluate(SEEN)
    return ids


def stored(served: Server, thread: str) -> list[int]:
    """The ids of every event of the thread, as the run store numbered them."""
    found = served.runs_rows("SELECT seq FROM events WHERE thread = ? ORDER BY seq", thread)
    return [row["seq"] for row in found]


def test_a_dropped_stream_resumes_after_the_last_event_it_took(
    streams: None, chat: Page, served: Server, thread: str, strings: Strings
) -> None:
    send(chat, "find order 4411")
    expect(replies(chat)).to_have_count(1)
    wait_following(chat)
    chat.wait_for_function(f"() => ({SEEN})().length === {len(stored(served, thread))}")
    before = seen(chat)

    # The host stops and starts again; the page may not reconnect until the test says so.
    chat.route("**/stream*", lambda route: route.abort())
    served.stop()
    status = chat.locator("stalwart-chat [part=status]")
    expect(status).to_have_text(strings["en"]["reconnecting"])
    assert chat.evaluate(STREAM_OPEN) is False
    assert chat.evaluate(IN_DOCUMENT) is True
    served.start()
    # Meanwhile another channel goes on with the thread, so the page misses its events.
    elsewhere = post(f"{served.url}/threads/{thread}/messages", {"text": "find order 4412"})
    assert elsewhere.status_code == 200
    assert stored(served, thread)[-1] > before[-1]
    chat.unroute("**/stream*")

    wait_following(chat, timeout=40_000)
    expect(status).to_have_text("")
    # Any stream the page opened before it is closed.
    states = chat.evaluate("window.streams.map((stream) => stream.readyState)")
    assert states == [2] * (len(states) - 1) + [1]
    expect(chat.locator("stalwart-chat [part=log] > .turn")).to_have_text(
        ["find order 4411", "find order 4412"]
    )
    expect(replies(chat)).to_have_count(2)
    chat.wait_for_function(f"() => ({SEEN})().length >= {len(stored(served, thread))}")
    assert seen(chat) == stored(served, thread)
    assert seen(chat)[: len(before)] == before


def test_a_fresh_page_never_shows_reconnecting(
    page: Page, context: BrowserContext, served: Server, thread: str, strings: Strings
) -> None:
    context.add_init_script(STATUS_TEXTS)
    open_chat(context, page, served, thread)
    # The thread has no turn yet, so its stream answers 404; the page tries it again after 1 s.
    with page.expect_request(lambda request: "/stream" in request.url, timeout=10_000):
        pass
    send(page, "find order 4411")
    expect(replies(page)).to_have_count(1)
    wait_following(page)

    assert strings["en"]["reconnecting"] not in page.evaluate("window.statusTexts")


def test_follows_the_threads_stream_under_base(chat: Page, served: Server, thread: str) -> None:
    with chat.expect_request(lambda request: "/stream" in request.url) as opened:
        send(chat, "find order 4411")
    assert urlsplit(opened.value.url).path == f"/threads/{thread}/stream"
    assert opened.value.url.startswith(served.url)


def test_stream_open_only_while_the_stream_is_open(chat: Page) -> None:
    chat.evaluate(STREAM_EVENTS)
    # A thread with no turn has no stream yet, and the chat is in the document all the same.
    assert chat.evaluate(STREAM_OPEN) is False
    assert chat.evaluate(IN_DOCUMENT) is True
    send(chat, "find order 4411")
    wait_following(chat)
    assert chat.evaluate(STREAM_OPEN) is True
    assert chat.evaluate("window.streamEvents") == [True]
    chat.evaluate("document.querySelector('stalwart-chat').remove()")
    assert chat.evaluate("window.streamEvents") == [True, False]


def test_every_event_reaches_the_story_of_its_step(chat: Page, served: Server, thread: str) -> None:
    send(chat, "find order 4411")
    wait_following(chat)
    wait_took(chat, "reply")
    chat.locator("stalwart-chat [part=steps] summary").click()
    assert chat.evaluate(SEEN) == stored(served, thread)
    # find_order is one step of one run, told under its turn.
    expect(chat.locator("stalwart-chat [part=steps] li.run")).to_have_count(1)
    expect(chat.locator("stalwart-chat [part=steps] li.step")).to_have_count(1)


def a_thread_the_page_follows(chat: Page) -> None:
    """A first turn, so the thread exists and the page follows its stream."""
    send(chat, "find order 4412")
    expect(replies(chat)).to_have_count(1)
    wait_following(chat)


def test_a_turn_this_page_sent_shows_once(chat: Page) -> None:
    a_thread_the_page_follows(chat)
    hold_answers(chat, "/messages")
    send(chat, "find order 4411")
    # The stream brings the turn and its reply before the page has the answer to its request.
    wait_took(chat, "turn", 2)
    wait_took(chat, "reply", 2)
    let_go(chat)
    expect(replies(chat)).to_have_count(2)
    expect(chat.locator("stalwart-chat [part=log] > .turn")).to_have_text(
        ["find order 4412", "find order 4411"]
    )


def test_a_reply_the_stream_sends_first_shows_once(chat: Page) -> None:
    a_thread_the_page_follows(chat)
    hold_answers(chat, "/messages")
    send(chat, "find order 4411")
    wait_took(chat, "reply", 2)
    let_go(chat)
    expect(chat.locator("stalwart-chat [part=typing]")).to_be_hidden()
    expect(replies(chat)).to_have_count(2)
    expect(replies(chat).filter(has_text="Order 4411 is unpaid")).to_have_count(1)


def test_a_pause_opened_elsewhere_shows_and_closes_when_answered_elsewhere(
    chat: Page, served: Server, thread: str
) -> None:
    a_thread_the_page_follows(chat)
    order = served.shop.unpaid_order(4000)
    elsewhere = post(
        f"{served.url}/threads/{thread}/messages", {"text": f"charge 40 to order {order}"}
    )
    [pause] = elsewhere.json()["waiting"]

    card = chat.locator("stalwart-chat [part=log] > stalwart-confirm")
    expect(card).to_have_count(1)
    expect(waiting(chat).locator("[part=wording]")).to_have_text(f"Charge $40.00 to order {order}?")

    body = {"interrupt_id": pause["id"], "token": pause["token"], "decision": "approve"}
    assert post(f"{served.url}/threads/{thread}/resume", body).status_code == 200
    expect(card).to_have_attribute("inert", "")
    expect(replies(chat).last).to_contain_text(f"ch-{order}")


def test_leaving_the_page_closes_the_stream(streams: None, chat: Page) -> None:
    a_thread_the_page_follows(chat)
    chat.evaluate("document.querySelector('stalwart-chat').remove()")
    assert chat.evaluate("window.streams.map((stream) => stream.readyState)")[-1] == 2


def test_another_thread_is_another_conversation(
    streams: None, chat: Page, served: Server, thread: str
) -> None:
    a_thread_the_page_follows(chat)
    other = f"{thread}-other"
    assert post(f"{served.url}/threads/{other}/messages", {"text": "find order 4411"}).is_success
    chat.evaluate(
        "(other) => document.querySelector('stalwart-chat').setAttribute('thread', other)", other
    )
    # What the page shows is the other thread's, replayed from its stream, and nothing of this one.
    expect(replies(chat)).to_have_count(1)
    expect(replies(chat)).to_contain_text("Order 4411 is unpaid")
    expect(chat.locator("stalwart-chat [part=log] > .turn")).to_have_text(["find order 4411"])
    assert urlsplit(chat.evaluate("window.streams.at(-1).url")).path == f"/threads/{other}/stream"
    assert get(f"{served.url}/threads/{other}/interrupts").json()["interrupts"] == []
