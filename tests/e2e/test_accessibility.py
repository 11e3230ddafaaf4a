"""axe-core finds no serious or critical violation in any element, in either theme."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.axe import serious_violations

pytestmark = pytest.mark.e2e

SIDES = ["light", "dark"]


def test_every_element_but_the_chat(open_page: Callable[[str], Page]) -> None:
    page = open_page("elements.html")
    page.locator("#trace summary").click()
    page.locator("#decision summary").click()
    # The confirm shows what its call will change, so its rows' colours are checked too.
    page.evaluate(
        """() => {
          const confirm = document.getElementById("confirm");
          confirm.interrupt = { ...confirm.interrupt, id: "previewed", preview: [
            { label: "Order 4411", before: "unpaid", after: "paid" },
            { label: "Card visa-0019", before: null, after: "+$40.00" },
          ] };
        }"""
    )
    expect(page.locator("#confirm [part=preview] .arrow")).to_be_visible()
    for side in SIDES:
        page.evaluate("(side) => setTheme(side)", side)
        assert serious_violations(page) == [], side


def test_the_chat_with_a_reply_a_pause_and_a_refusal(open_page: Callable[[str], Page]) -> None:
    page = open_page("chat.html?csp=off&theme=light")
    field = page.locator("stalwart-chat textarea")
    for text in ("cancel order 4411", "undo it all", "show order 4411"):
        field.fill(text)
        field.press("Enter")
        expect(page.locator("stalwart-chat [part=typing]")).to_be_hidden()
    expect(page.locator("stalwart-chat [part=log] .reply")).to_have_count(3)
    page.evaluate(
        """() => {
          streams[0].open();
          streams[0].send({ id: 1, type: 'plan', data: { step: 0, tool: 'find_order' } });
        }"""
    )
    page.locator("stalwart-chat [part=steps] summary").click()
    for side in SIDES:
        # The chat's theme, switched once all of it is drawn, restyles what is inside it.
        page.evaluate(
            """(side) => {
              chat.setAttribute('theme', side);
              document.body.style.background = side === 'dark' ? '#121212' : '#ffffff';
            }""",
            side,
        )
        assert serious_violations(page) == [], side


def test_the_chat_showing_an_error(open_page: Callable[[str], Page]) -> None:
    page = open_page("chat.html?csp=off")
    page.evaluate("backend.base = '/elsewhere/'")
    page.locator("stalwart-chat textarea").fill("hello")
    page.locator("stalwart-chat textarea").press("Enter")
    page.locator("stalwart-chat [part=error-detail] summary").click()
    assert serious_violations(page) == []
