"""<stalwart-trace>: a thread's steps, in the order the stream reported them."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e

Strings = dict[str, dict[str, str]]


@pytest.fixture
def elements(open_page: Callable[[str], Page]) -> Page:
    page = open_page("elements.html")
    page.locator("#trace summary").click()
    return page


def test_folds_under_its_title(elements: Page, strings: Strings) -> None:
    expect(elements.locator("#trace summary")).to_have_text(strings["en"]["traceTitle"])


def test_lists_each_event_in_order_with_its_step(elements: Page, strings: Strings) -> None:
    step = strings["en"]["step"].replace("{step}", "0")
    expect(elements.locator("#trace li")).to_have_text(
        ["turn", f"{step} check · charge_card · confirm", f"{step} pause · charge_card · confirm"]
    )


def test_new_events_show_when_set(elements: Page) -> None:
    elements.evaluate(
        """() => {
          const trace = document.getElementById('trace');
          trace.events = [...trace.events, { id: 4, type: 'reply', data: {} }];
        }"""
    )
    expect(elements.locator("#trace li")).to_have_count(4)


def test_events_that_are_not_a_list_are_refused_clearly(elements: Page) -> None:
    message = elements.evaluate(
        """() => {
          try { document.getElementById('trace').events = 'turn'; }
          catch (error) { return error.message; }
        }"""
    )
    assert message == "events must be an array of stream events."
