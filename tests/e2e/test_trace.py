"""<stalwart-trace>: a thread's steps, in the order the stream reported them."""

from __future__ import annotations

import re
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


def test_tells_each_run_under_the_turn_that_started_it(elements: Page, strings: Strings) -> None:
    expect(elements.locator("#trace .run > .turn")).to_have_text(
        strings["en"]["traceTurn"].replace("{text}", "charge 40")
    )


def test_numbers_each_step_from_one_with_its_call_and_what_happened(
    elements: Page, strings: Strings
) -> None:
    en = strings["en"]
    step = elements.locator("#trace li.step")
    expect(step.locator(".number")).to_have_text(en["step"].replace("{step}", "1"))
    # A step the events tell only by its tool is named by it, never asked as "charge_card?".
    expect(step.locator(".call")).to_have_text("charge_card")
    expect(step.locator(".happened")).to_have_text([en["traceAsked"]])


def test_a_read_step_is_told_as_a_statement_never_as_a_question(elements: Page) -> None:
    elements.evaluate(
        """() => {
          const trace = document.getElementById('trace');
          trace.events = [
            { id: 1, run: 'r-2', type: 'check', data: { step: 0, tool: 'find_order',
              outcome: 'run', wording: 'Find order?', call: 'Look up an order' } },
            { id: 2, run: 'r-2', type: 'call',
              data: { step: 0, tool: 'find_order', status: 'done' } },
          ];
        }"""
    )
    expect(elements.locator("#trace li.step .call")).to_have_text("Look up an order")


def test_never_shows_an_event_type(elements: Page) -> None:
    shown = elements.locator("#trace").evaluate("(trace) => trace.shadowRoot.textContent")
    for word in ("turn", "check", "pause", "confirm"):
        assert word not in shown.split()


def test_new_events_show_when_set(elements: Page, strings: Strings) -> None:
    elements.evaluate(
        """() => {
          const trace = document.getElementById('trace');
          trace.events = [
            ...trace.events,
            { id: 4, run: 'r-1', type: 'answer',
              data: { step: 0, kind: 'confirm', decision: 'approve' } },
            { id: 5, run: 'r-1', type: 'call',
              data: { step: 0, tool: 'charge_card', status: 'done' } },
          ];
        }"""
    )
    en = strings["en"]
    expect(elements.locator("#trace li.step .happened")).to_have_text(
        [en["traceAsked"], en["traceChose"].replace("{answer}", en["approve"]), en["traceDone"]]
    )


def test_events_that_are_not_a_list_are_refused_clearly(elements: Page) -> None:
    message = elements.evaluate(
        """() => {
          try { document.getElementById('trace').events = 'turn'; }
          catch (error) { return error.message; }
        }"""
    )
    assert message == "events must be an array of stream events."


def test_an_answer_by_expiry_or_staff_is_told_as_theirs_not_yours(
    elements: Page, strings: Strings
) -> None:
    elements.evaluate(
        """() => {
          const trace = document.getElementById('trace');
          const answer = (id, data) => ({ id, run: 'r-1', type: 'answer',
            at: '2020-01-02T09:12:00Z',
            data: { step: 0, kind: 'confirm', decision: 'skip', ...data } });
          trace.events = [
            ...trace.events,
            answer(4, { channel: 'expiry', by: 'expiry', staff: false }),
            answer(5, { channel: 'chat', by: '3f9c0a1b2c3d', staff: true }),
            answer(6, { channel: 'chat', by: '9d8e7f6a5b4c', staff: false }),
          ];
        }"""
    )
    en = strings["en"]

    def line(key: str) -> re.Pattern[str]:
        """The key's line for a skip by 3f9c0a1b2c3d, on a day that is not today."""
        filled = en[key].replace("{decision}", en["decidedSkip"])
        filled = filled.replace("{handle}", "3f9c0a1b2c3d")
        return re.compile("^" + re.escape(filled).replace(re.escape("{time}"), ".*2020.*") + "$")

    happened = elements.locator("#trace li.step .happened")
    expect(happened.nth(1)).to_have_text(line("decidedExpiry"))
    expect(happened.nth(2)).to_have_text(line("decidedStaff"))
    expect(happened.nth(3)).to_have_text(en["traceChose"].replace("{answer}", en["skip"]))
