"""The operator's rollback (POST /threads/{id}/rollback) of what a person approved on the page."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Locator, Page, expect
from served import Server, ShopChanges, answer, replies, send, wait_took, waiting

pytestmark = pytest.mark.e2e

Strings = dict[str, dict[str, str]]

TOKEN = "op-e2e-token"


@pytest.fixture(scope="module")
def shop_changes() -> ShopChanges:
    """The copy's server takes the operator's token from the environment, as a host would."""

    def change(folder: Path) -> Mapping[str, str]:
        return {"QLS_OPERATOR_TOKEN": TOKEN}

    return change


def rollback(served: Server, thread: str, token: str) -> httpx.Response:
    """The operator's request, from outside the page."""
    return httpx.post(
        f"{served.url}/threads/{thread}/rollback",
        headers={"Authorization": f"Bearer {token}"},
        timeout=30,
        trust_env=False,
    )


def tools(entries: list[dict[str, Any]]) -> list[str]:
    return [entry["tool"] for entry in entries]


def charged(chat: Page, served: Server) -> str:
    """An order the person charged on the page, approving the charge; returns the order."""
    order = served.shop.unpaid_order(4000)
    send(chat, f"charge 40 to order {order}")
    answer(waiting(chat), "approve")
    expect(replies(chat).last).to_contain_text(f"ch-{order}")
    return order


def test_the_operator_undoes_what_was_approved_and_not_what_cannot_be(
    chat: Page, served: Server, thread: str
) -> None:
    order = served.shop.unpaid_order(4000)
    send(
        chat,
        f"charge 40 to order {order} and email maria@example.com about your receipt"
        " saying it is paid",
    )
    expect(waiting(chat)).to_have_count(2)
    answer(waiting(chat).first, "approve")
    expect(waiting(chat)).to_have_count(1)
    answer(waiting(chat), "approve")
    expect(replies(chat).last).to_contain_text(f"Order {order} is paid")

    refused = rollback(served, thread, "a-guess")
    assert refused.status_code == 401
    assert served.shop.refunds(order) == []

    response = rollback(served, thread, TOKEN)

    assert response.status_code == 200
    report = response.json()
    assert tools(report["undone"]) == ["charge_card"]
    assert tools(report["not_undoable"]) == ["send_email"]
    assert report["stuck"] == []
    assert report["waiting"] is None
    assert [refund["amount_cents"] for refund in served.shop.refunds(order)] == [4000]
    assert served.shop.order_status(order) == "unpaid"
    # The person's page hears of it on the thread's stream, and shows the report.
    wait_took(chat, "rollback")
    expect(waiting(chat)).to_have_count(0)
    rolled_back = chat.locator("stalwart-chat [part=log] > stalwart-rollback")
    expect(rolled_back.locator("li.undone")).to_have_count(1)
    expect(rolled_back.locator("li.not-undoable")).to_have_count(1)


@pytest.fixture
def stuck(chat: Page, served: Server, thread: str) -> Iterator[tuple[Page, str]]:
    """A charge the operator rolled back while refunds fail; its undo waits on the page."""
    order = charged(chat, served)
    served.shop.switch("fail-refunds", True)
    try:
        response = rollback(served, thread, TOKEN)
        assert response.status_code == 200
        assert tools(response.json()["stuck"]) == ["charge_card"]
        assert response.json()["waiting"]["kind"] == "saga_stuck"
        yield chat, order
    finally:
        served.shop.switch("fail-refunds", False)


def stuck_report(page: Page) -> Locator:
    """The operator's report that holds the stuck undo, with its answers."""
    return page.locator("stalwart-chat [part=log] > stalwart-rollback").filter(
        has=page.locator("stalwart-confirm[data-kind=saga_stuck]:not([inert])")
    )


def stuck_card(page: Page) -> Locator:
    return stuck_report(page).locator("stalwart-confirm[data-kind=saga_stuck]")


def test_a_stuck_operator_rollback_waits_on_the_page_with_its_answers(
    stuck: tuple[Page, str], strings: Strings
) -> None:
    page, order = stuck
    card = stuck_card(page)
    # The server's question, with the tool's title; the undo by its values, each labelled.
    expect(card.locator("[part=wording]")).to_have_text(
        f"Undoing “Charge $40.00 to order {order}” did not work. What should happen?"
    )
    expect(card.locator(".pending li dt")).to_have_text(["Charge", "Amount"])
    expect(card.locator(".pending li dd")).to_have_text([f"ch-{order}", "$40.00"])
    expect(card.locator("[data-decision]")).to_have_text(
        [strings["en"]["retry"], strings["en"]["doneByHand"], strings["en"]["abandon"]]
    )
    expect(page.locator("stalwart-chat [part=status]")).to_have_text(strings["en"]["waiting"])


def test_retrying_a_stuck_operator_rollback_refunds_once_refunds_work(
    stuck: tuple[Page, str], served: Server
) -> None:
    page, order = stuck
    served.shop.switch("fail-refunds", False)

    answer(stuck_card(page), "retry")

    expect(stuck_card(page)).to_have_count(0)
    expect(page.locator("stalwart-chat [part=status]")).to_have_text("")
    assert [refund["amount_cents"] for refund in served.shop.refunds(order)] == [4000]
    assert served.shop.order_status(order) == "unpaid"


def shows_one_stuck_report(page: Page) -> None:
    """One report, listing what is still to undo, with the stuck undo's card inside it."""
    expect(stuck_report(page)).to_have_count(1)
    expect(stuck_report(page).locator("li.stuck")).to_contain_text("Charge $40.00 to order")
    expect(stuck_card(page)).to_have_count(1)
    expect(waiting(page)).to_have_count(0)


def test_a_stuck_operator_rollback_shows_as_a_rollback_live_and_after_a_reload(
    stuck: tuple[Page, str],
) -> None:
    page, _ = stuck
    shows_one_stuck_report(page)

    page.reload()

    shows_one_stuck_report(page)
