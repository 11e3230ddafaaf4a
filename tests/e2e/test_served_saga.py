"""An undo that keeps failing: the stuck rollback on the served page, and each of its answers."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Locator, Page, expect
from served import Server, answer, get, post, send, waiting

pytestmark = pytest.mark.e2e

Strings = dict[str, dict[str, str]]

# The stuck undo's question, in the chapter's words with the call told: the card's title.
STUCK = "Undoing “Charge $40.00 to order {order}” did not work. What should happen?"
# An undo is tried three times with backoff before it is reported stuck.
UNDOING_MS = 15_000


@pytest.fixture
def stuck(chat: Page, served: Server, strings: Strings) -> Iterator[tuple[Page, str]]:
    """A run whose charge was cancelled while refunds fail, waiting on the stuck undo."""
    order = served.shop.unpaid_order(4000)
    served.shop.switch("fail-refunds", True)
    try:
        send(chat, f"charge 40 to order {order} and then refund 10 from charge ch-4412")
        answer(waiting(chat), "approve")
        expect(waiting(chat).locator("[part=wording]")).to_have_text(
            "Refund $10.00 of charge ch-4412?"
        )
        answer(waiting(chat), "cancel_all")
        expect(stuck_card(chat).locator("[part=wording]")).to_have_text(
            STUCK.format(order=order), timeout=UNDOING_MS
        )
        yield chat, order
    finally:
        served.shop.switch("fail-refunds", False)


def stuck_card(page: Page) -> Locator:
    return page.locator(
        "stalwart-chat [part=log] > stalwart-rollback stalwart-confirm:not([inert])"
    )


def last_report(page: Page) -> Locator:
    return page.locator("stalwart-chat [part=log] > stalwart-rollback").last


def test_the_stuck_undo_shows_what_still_needs_undoing_and_its_answers(
    stuck: tuple[Page, str], strings: Strings
) -> None:
    page, order = stuck
    report = last_report(page)
    expect(report.locator(".title")).to_have_text(strings["en"]["rollbackTitle"])
    expect(page.locator("stalwart-chat [part=status]")).to_have_text(strings["en"]["waiting"])
    expect(report.locator("li.stuck")).to_contain_text(f"Charge $40.00 to order {order}")
    expect(report.locator("li.stuck")).to_contain_text("fail_refunds setting is on")
    expect(stuck_card(page).locator(".pending li")).to_contain_text(f"ch-{order}")
    expect(stuck_card(page).locator("[data-decision]")).to_have_text(
        [strings["en"]["retry"], strings["en"]["doneByHand"], strings["en"]["abandon"]]
    )


def test_retry_once_refunds_work_again_refunds_the_charge(
    stuck: tuple[Page, str], served: Server, strings: Strings
) -> None:
    page, order = stuck
    served.shop.switch("fail-refunds", False)

    answer(stuck_card(page), "retry")

    # The write and the undo that took it back, each in words with its amount and charge.
    expect(last_report(page).locator("li.undone")).to_have_text(
        f"Charge $40.00 to order {order} — {strings['en']['undone']}: "
        f"Refund $40.00 of charge ch-{order}"
    )
    expect(stuck_card(page)).to_have_count(0)
    assert [refund["amount_cents"] for refund in served.shop.refunds(order)] == [4000]
    assert served.shop.order_status(order) == "unpaid"


def test_done_by_hand_counts_it_undone_without_refunding_again(
    stuck: tuple[Page, str], served: Server, strings: Strings
) -> None:
    page, order = stuck

    answer(stuck_card(page), "done_by_hand")

    expect(last_report(page).locator("li.undone")).to_have_text(
        f"Charge $40.00 to order {order} — {strings['en']['undone']}: "
        f"Refund $40.00 of charge ch-{order}"
    )
    expect(stuck_card(page)).to_have_count(0)
    assert served.shop.refunds(order) == []


def test_abandon_leaves_the_charge_reported_as_not_undone(
    stuck: tuple[Page, str], served: Server
) -> None:
    page, order = stuck

    answer(stuck_card(page), "abandon")

    expect(page.locator("stalwart-chat [part=log] .reply").last).to_contain_text(
        f"Could not be undone: Charge $40.00 to order {order}."
    )
    expect(stuck_card(page)).to_have_count(0)
    expect(last_report(page).locator("li.undone")).to_have_count(0)
    expect(last_report(page).locator("li.stuck")).to_have_count(0)
    expect(last_report(page).locator("li.not-undoable")).to_contain_text(
        f"Charge $40.00 to order {order}"
    )
    assert served.shop.refunds(order) == []
    assert served.shop.order_status(order) == "paid"


def test_a_stuck_undo_answered_elsewhere_goes_inert(
    stuck: tuple[Page, str], served: Server, thread: str
) -> None:
    page, order = stuck
    [pause] = get(f"{served.url}/threads/{thread}/interrupts").json()["interrupts"]
    body = {"interrupt_id": pause["id"], "token": pause["token"], "decision": "done_by_hand"}

    assert post(f"{served.url}/threads/{thread}/resume", body).status_code == 200

    # The report that held the stuck undo goes inert; the stream's report of the answer follows it.
    reports = page.locator("stalwart-chat [part=log] > stalwart-rollback")
    expect(reports.first).to_have_attribute("inert", "")
    expect(reports.last.locator("li.undone")).to_contain_text(f"Charge $40.00 to order {order}")
    assert served.shop.refunds(order) == []


def test_the_stuck_undo_alone_takes_the_focus(stuck: tuple[Page, str], strings: Strings) -> None:
    page, _ = stuck
    expect(stuck_card(page).get_by_role("button", name=strings["en"]["abandon"])).to_be_focused()
