"""<stalwart-rollback>: what a run undid, what it could not, and what is stuck, with its answers."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e

Strings = dict[str, dict[str, str]]


@pytest.fixture
def elements(open_page: Callable[[str], Page]) -> Page:
    return open_page("elements.html")


def test_shows_its_title(elements: Page, strings: Strings) -> None:
    expect(elements.locator("#rollback .title")).to_have_text(strings["en"]["rollbackTitle"])


def test_marks_each_undone_step(elements: Page, strings: Strings) -> None:
    expect(elements.locator("#rollback li.undone")).to_have_text(
        [f"charge_card — {strings['en']['undone']}"]
    )


def test_marks_each_step_that_could_not_be_undone(elements: Page, strings: Strings) -> None:
    expect(elements.locator("#rollback li.not-undoable")).to_have_text(
        [f"send_email — {strings['en']['notUndoable']}"]
    )


def test_lists_each_stuck_undo_with_its_error(elements: Page) -> None:
    # The tool's own error is folded under Details.
    expect(elements.locator("#rollback li.stuck")).to_contain_text(["cancel_order"])
    expect(elements.locator("#rollback li.stuck details")).to_contain_text("timeout")


def test_the_stuck_pause_takes_its_answers_here(elements: Page, strings: Strings) -> None:
    elements.locator("#rollback").get_by_role("button", name=strings["en"]["retry"]).click()
    decisions = elements.evaluate("window.decisions")
    assert [(d["interrupt"]["id"], d["decision"]) for d in decisions] == [
        ("i-rollback-stuck", "retry")
    ]


def test_a_report_with_nothing_stuck_shows_no_answers(elements: Page) -> None:
    elements.evaluate("rollback.report = { ...samples.rollback, stuck: [], waiting: null }")
    expect(elements.locator("#rollback button")).to_have_count(0)


def test_no_report_shows_nothing(elements: Page) -> None:
    elements.evaluate("document.getElementById('rollback').report = null")
    expect(elements.locator("#rollback [part]")).to_have_count(0)
