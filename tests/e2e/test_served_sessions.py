"""Which page may do what: a thumb from the session shown the reply, two tabs on one pause."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext, Page, Route, expect
from served import Server, answer, open_chat, replies, send, waiting

pytestmark = pytest.mark.e2e

POST_THUMB = """
async ([thread, message]) => {
  const response = await fetch(`./threads/${thread}/feedback`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ message, thumb: "down" }),
  });
  return response.status;
}
"""


def thumbed(chat: Page) -> str:
    """A reply shown to this page, given a thumb up from it; returns the reply's message id."""
    send(chat, "find order 4412")
    reply = replies(chat).last
    expect(reply).to_contain_text("paid")
    with chat.expect_response(lambda response: response.url.endswith("/feedback")) as sent:
        reply.locator("button.thumb--up").click()
    assert sent.value.status == 204
    expect(reply.locator("button.thumb--up")).to_have_attribute("aria-pressed", "true")
    message = reply.get_attribute("data-message")
    assert message is not None
    return message


def test_a_thumb_from_the_session_shown_the_reply_is_kept(
    chat: Page, served: Server, thread: str
) -> None:
    message = thumbed(chat)

    assert served.runs_rows("SELECT thread, thumb FROM feedback WHERE message = ?", message) == [
        {"thread": thread, "thumb": "up"}
    ]


def test_a_thumb_from_another_session_is_refused_and_changes_nothing(
    chat: Page, served: Server, thread: str, new_context: Callable[[], BrowserContext]
) -> None:
    message = thumbed(chat)
    other = new_context()
    stranger = other.new_page()
    open_chat(other, stranger, served, f"{thread}-stranger")
    send(stranger, "find order 4411")
    expect(replies(stranger).last).to_contain_text("4411")

    status = stranger.evaluate(POST_THUMB, [thread, message])

    assert status == 403
    assert served.runs_rows("SELECT thumb FROM feedback WHERE message = ?", message) == [
        {"thumb": "up"}
    ]


def test_thumbs_wait_for_the_reply_after_a_decision(chat: Page, served: Server) -> None:
    order = served.shop.unpaid_order(4000)
    send(chat, f"charge 40 to order {order}")
    expect(waiting(chat)).to_have_count(1)
    expect(replies(chat)).to_have_count(1)
    expect(replies(chat).locator("[part=thumbs]")).to_have_count(0)

    answer(waiting(chat), "approve")

    expect(replies(chat).last).to_contain_text(f"ch-{order}")
    expect(replies(chat).last.locator("[part=thumbs]")).to_have_count(1)


def test_of_two_tabs_answering_one_pause_one_wins_and_the_other_is_told(
    chat: Page, context: BrowserContext, served: Server, thread: str
) -> None:
    order = served.shop.unpaid_order(4000)
    send(chat, f"charge 40 to order {order}")
    expect(waiting(chat)).to_have_count(1)
    second = context.new_page()
    open_chat(context, second, served, thread)
    expect(waiting(second)).to_have_count(1)
    # The first tab's answer is held on its way, so the second tab's answer arrives first.
    held: list[Route] = []
    chat.route("**/resume", lambda route: held.append(route))
    answer(waiting(chat), "approve")

    answer(waiting(second), "approve")
    expect(replies(second).last).to_contain_text(f"ch-{order}")
    assert len(held) == 1
    held[0].continue_()

    expect(chat.locator("stalwart-chat [part=log] .note")).to_contain_text(
        "cannot take this answer: it is answered already"
    )
    expect(waiting(chat)).to_have_count(0)
    # The winner's reply reaches this tab too, by the stream, once.
    expect(replies(chat).filter(has_text=f"ch-{order}")).to_have_count(1)
    assert len(served.shop.charges(order)) == 1


def test_a_tab_that_did_not_answer_closes_the_card_another_tab_answered(
    chat: Page, context: BrowserContext, served: Server, thread: str
) -> None:
    order = served.shop.unpaid_order(4000)
    send(chat, f"charge 40 to order {order}")
    second = context.new_page()
    open_chat(context, second, served, thread)
    expect(waiting(second)).to_have_count(1)

    answer(waiting(chat), "approve")

    expect(replies(chat).last).to_contain_text(f"ch-{order}")
    expect(waiting(second)).to_have_count(0)
    expect(second.locator("stalwart-chat [part=log] > stalwart-confirm[inert]")).to_have_count(1)
    assert len(served.shop.charges(order)) == 1
