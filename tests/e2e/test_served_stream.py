"""The page follows its thread's stream, and a dropped stream resumes without a repeat or a gap."""

from __future__ import annotations

import pytest
from playwright.sync_api import BrowserContext, Page, expect
from served import Server, open_chat, post, replies, send, wait_following

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


def seen(page: Page) -> list[int]:
    """The ids of the stream events the page took, in the order it took them."""
    ids: list[int] = page.evaluate(SEEN)
    return ids


def stored(served: Server, thread: str) -> list[int]:
    """The ids of every event of the thread, as the run store numbered them."""
    found = served.runs_rows("SELECT seq FROM events WHERE thread = ? ORDER BY seq", thread)
    return [row["seq"] for row in found]


def test_a_dropped_stream_resumes_after_the_last_event_it_took(
    chat: Page, served: Server, thread: str, strings: Strings
) -> None:
    send(chat, "find order 4411")
    expect(replies(chat)).to_have_count(1)
    wait_following(chat)
    chat.wait_for_function(f"() => ({SEEN})().length === {len(stored(served, thread))}")
    before = seen(chat)

    # The host stops and starts again; the page may not reconnect until the test says so.
    chat.route("**/stream*", lambda route: route.abort())
    served.stop()
    expect(chat.locator("stalwart-chat [part=status]")).to_have_text(strings["en"]["reconnecting"])
    served.start()
    # Meanwhile another channel goes on with the thread, so the page misses its events.
    elsewhere = post(f"{served.url}/threads/{thread}/messages", {"text": "find order 4412"})
    assert elsewhere.status_code == 200
    assert stored(served, thread)[-1] > before[-1]
    chat.unroute("**/stream*")

    wait_following(chat, timeout=40_000)
    expect(chat.locator("stalwart-chat [part=log] .turn")).to_have_text(
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
