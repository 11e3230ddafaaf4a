"""<stalwart-decision>: a refusal's sentence, its rule only where disclosed, and the contact."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e

Strings = dict[str, dict[str, str]]


@pytest.fixture
def elements(open_page: Callable[[str], Page]) -> Page:
    return open_page("elements.html")


def test_shows_that_it_was_not_done_and_the_sentence(elements: Page, strings: Strings) -> None:
    decision = elements.locator("#decision [part=decision]")
    expect(decision).to_contain_text(strings["en"]["refused"])
    expect(decision).to_contain_text("I can't cancel an order that has shipped.")


def test_the_rule_waits_behind_which_rule(elements: Page, strings: Strings) -> None:
    expect(elements.locator("#decision [part=rule] summary")).to_have_text(
        strings["en"]["showRule"]
    )
    expect(elements.get_by_text("no-cancel-after-shipping")).to_be_hidden()


def test_which_rule_reveals_the_rule(elements: Page, strings: Strings) -> None:
    elements.locator("#decision [part=rule] summary").click()
    expect(elements.locator("#decision [part=rule] p")).to_have_text(
        f"{strings['en']['rule']}: no-cancel-after-shipping"
    )


def test_staff_see_the_rule_at_once(elements: Page) -> None:
    elements.evaluate("document.getElementById('decision').setAttribute('staff', '')")
    expect(elements.get_by_text("no-cancel-after-shipping")).to_be_visible()


def test_an_undisclosed_rule_shows_no_toggle(elements: Page) -> None:
    elements.evaluate("document.getElementById('decision').removeAttribute('rule')")
    expect(elements.locator("#decision [part=rule]")).to_be_hidden()


def test_the_contact_line_names_who_to_ask(elements: Page, strings: Strings) -> None:
    line = strings["en"]["contact"].replace("{name}", "127.0.0.1")
    expect(elements.locator("#decision [part=contact]")).to_have_text(
        line.replace("{contact}", "help@shop.example")
    )


def test_no_contact_shows_no_contact_line(elements: Page) -> None:
    elements.evaluate("document.getElementById('decision').removeAttribute('contact')")
    expect(elements.locator("#decision [part=contact]")).to_be_hidden()


def test_a_changed_sentence_shows_at_once(elements: Page) -> None:
    elements.evaluate("document.getElementById('decision').setAttribute('sentence', 'Not today.')")
    expect(elements.locator("#decision .sentence")).to_have_text("Not today.")
