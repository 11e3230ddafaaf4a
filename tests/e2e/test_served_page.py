"""The served page itself: a clean first load under 30 KB gzipped, a thread opened by its link, a
reload that shows what was shown, and a theme that colours the whole height."""

from __future__ import annotations

from collections.abc import Callable

import httpx
import pytest
from layout import BUDGET, SETTLE_MS, FirstLoad
from page_traffic import Traffic
from playwright.sync_api import BrowserContext, Page, expect
from served import Server, answer, post, replies, send, waiting

from tests.e2e.axe import violation_ids

pytestmark = pytest.mark.e2e


@pytest.fixture
def first_load(new_context: Callable[[], BrowserContext], served: Server) -> FirstLoad:
    return FirstLoad(new_context(), served)


def test_a_first_load_fails_no_request_and_logs_no_error(first_load: FirstLoad) -> None:
    assert first_load.failures == []
    assert [r.url for r in first_load.responses if r.status >= 400] == []
    # A thread with no turn yet has no stream and no pauses to ask for.
    assert [path for path in first_load.paths if path.startswith("/threads/")] == []
    assert "/favicon.svg" in first_load.paths


def test_everything_a_first_load_fetches_is_at_most_30_kb_gzipped(
    first_load: FirstLoad, served: Server
) -> None:
    sizes = first_load.gzipped(served)
    assert sum(sizes.values()) <= BUDGET, sorted(sizes.items(), key=lambda item: -item[1])


def test_the_pages_files_come_gzipped_with_cache_headers(served: Server) -> None:
    for path in ("/", "/src/chat/chat.component.js", "/theme.css"):
        response = httpx.get(
            f"{served.url}{path}", headers={"Accept-Encoding": "gzip"}, trust_env=False
        )
        assert response.headers["content-encoding"] == "gzip"
        assert response.headers["cache-control"] == "no-cache"
        again = httpx.get(
            f"{served.url}{path}",
            headers={"If-None-Match": response.headers["etag"]},
            trust_env=False,
        )
        assert again.status_code == 304


def test_the_event_stream_is_never_gzipped(chat: Page, served: Server, thread: str) -> None:
    send(chat, "find order 4411")
    expect(replies(chat)).to_have_count(1)
    with httpx.stream(
        "GET",
        f"{served.url}/threads/{thread}/stream",
        headers={"Accept-Encoding": "gzip"},
        timeout=10,
        trust_env=False,
    ) as stream:
        assert "content-encoding" not in stream.headers


def test_a_thread_link_opens_its_pause_to_be_answered(
    new_context: Callable[[], BrowserContext], served: Server, thread: str
) -> None:
    order = served.shop.unpaid_order(4000)
    turn = {"text": f"charge 40 to order {order}"}
    assert post(f"{served.url}/threads/{thread}/messages", turn).status_code == 200
    page = new_context().new_page()

    page.goto(f"{served.url}/?thread={thread}")

    answer(waiting(page), "approve")
    expect(replies(page).last).to_contain_text(f"ch-{order}")
    assert len(served.shop.charges(order)) == 1


LOG = """(chat) => [...chat.shadowRoot.querySelector("[part=log]").children].map(
  (node) => [node.localName, node.inert, node.className].join(" "))"""


def test_a_reload_shows_the_same_elements_in_the_same_order(chat: Page, served: Server) -> None:
    send(chat, "refund 500 from charge ch-4412")
    expect(chat.locator("stalwart-chat [part=log] stalwart-decision")).to_have_count(1)
    order = served.shop.unpaid_order(4000)
    send(chat, f"charge 40 to order {order} and then refund 10 from charge ch-4412")
    answer(waiting(chat), "approve")
    expect(chat.locator("stalwart-chat [part=log] > stalwart-confirm[inert]")).to_have_count(1)
    answer(waiting(chat), "cancel_all")
    expect(chat.locator("stalwart-chat [part=log] > stalwart-rollback")).to_have_count(1)
    expect(waiting(chat)).to_have_count(0)
    chat.wait_for_timeout(SETTLE_MS)
    shown = chat.locator("stalwart-chat").evaluate(LOG)

    chat.reload()
    expect(chat.locator("stalwart-chat [part=log] > stalwart-rollback")).to_have_count(1)
    chat.wait_for_timeout(SETTLE_MS)

    assert chat.locator("stalwart-chat").evaluate(LOG) == shown


def test_a_theme_on_the_chat_colours_its_whole_height(chat: Page) -> None:
    chat.set_viewport_size({"width": 390, "height": 844})
    chat.locator("stalwart-chat").evaluate("(chat) => chat.setAttribute('theme', 'dark')")
    for number in range(6):
        send(chat, f"find order 44{number}1")
    expect(replies(chat)).to_have_count(6)

    height, bottom = chat.evaluate(
        """() => {
          const chat = document.querySelector('stalwart-chat');
          const under = document.elementFromPoint(innerWidth / 2, innerHeight - 2);
          return [chat.getBoundingClientRect().height, getComputedStyle(under).backgroundColor];
        }"""
    )
    assert height == 844
    assert chat.evaluate("() => document.scrollingElement.scrollHeight") == 844
    assert bottom == "rgb(18, 18, 18)"


def test_the_page_has_one_heading_one_and_nothing_serious_for_axe(
    chat: Page, served: Server, traffic: Traffic
) -> None:
    send(chat, f"charge 40 to order {served.shop.unpaid_order(4000)}")
    expect(waiting(chat)).to_have_count(1)
    found = violation_ids(chat)
    assert "page-has-heading-one" not in found
    assert {name for name, impact in found.items() if impact in ("serious", "critical")} == set()
