"""setStrings: one call with the pt-BR table makes every element on the page Portuguese, live."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e

Strings = dict[str, dict[str, str]]

TO_PORTUGUESE = "() => setStrings(ptBR)"


@pytest.fixture
def chat(open_page: Callable[[str], Page]) -> Page:
    page = open_page("chat.html")
    page.locator("stalwart-chat textarea").fill("charge 40 to order 4411")
    page.locator("stalwart-chat textarea").press("Enter")
    expect(page.locator("stalwart-chat [part=log] stalwart-confirm")).to_have_count(1)
    page.evaluate(TO_PORTUGUESE)
    return page


@pytest.fixture
def elements(open_page: Callable[[str], Page]) -> Page:
    page = open_page("elements.html")
    page.evaluate(
        """async () => {
          const { setStrings } = await import('/ui/index.js');
          const { ptBR } = await import('/ui/locales/pt-BR.js');
          setStrings(ptBR);
        }"""
    )
    return page


def test_the_message_box_turns_portuguese(chat: Page, strings: Strings) -> None:
    pt = strings["pt-BR"]
    expect(chat.locator("stalwart-chat [part=composer] button")).to_have_text(pt["send"])
    expect(chat.locator("stalwart-chat textarea")).to_have_attribute(
        "placeholder", pt["placeholder"]
    )


def test_the_greeting_turns_portuguese_with_its_names_filled(chat: Page, strings: Strings) -> None:
    greeting = strings["pt-BR"]["greeting"].replace("{name}", "Shop")
    expect(chat.locator("stalwart-chat [part=greeting]")).to_have_text(
        greeting.replace("{purpose}", "I look up and charge orders.")
    )


def test_the_status_and_hints_turn_portuguese(chat: Page, strings: Strings) -> None:
    pt = strings["pt-BR"]
    expect(chat.locator("stalwart-chat [part=status]")).to_have_text(pt["waiting"])
    expect(chat.locator("stalwart-chat [part=correcting]")).to_have_text(pt["correcting"])
    expect(chat.locator("stalwart-chat [part=what-i-can-do] summary")).to_have_text(pt["canTitle"])


def test_a_pause_in_the_chat_turns_portuguese(chat: Page, strings: Strings) -> None:
    pt = strings["pt-BR"]
    expect(chat.locator("stalwart-chat stalwart-confirm [part=choices] button")).to_have_text(
        [pt["approve"], pt["skip"], pt["cancelAll"]]
    )


def test_a_reply_after_the_change_is_portuguese_too(chat: Page, strings: Strings) -> None:
    chat.locator("stalwart-chat textarea").fill("show order 4411")
    chat.locator("stalwart-chat textarea").press("Enter")
    expect(chat.locator("stalwart-chat [part=sources] h4")).to_have_text(
        strings["pt-BR"]["sources"]
    )


@pytest.mark.parametrize(
    ("kind", "keys"),
    [
        ("confirm", ["approve", "skip", "cancelAll"]),
        ("outcome_unknown", ["happened", "didNotHappen"]),
        ("saga_stuck", ["retry", "doneByHand", "abandon"]),
        ("delegate", ["delegateApprove", "decline"]),
    ],
)
def test_every_answer_turns_portuguese(
    elements: Page, strings: Strings, kind: str, keys: list[str]
) -> None:
    expect(elements.locator(f"#{kind} [part=choices] button")).to_have_text(
        [strings["pt-BR"][key] for key in keys]
    )


def test_titles_and_origins_turn_portuguese(elements: Page, strings: Strings) -> None:
    pt = strings["pt-BR"]
    expect(elements.locator("#outcome_unknown [part=wording]")).to_have_text(
        pt["unknownTitle"].replace("{tool}", "charge_card")
    )
    expect(elements.locator("#confirm .origin")).to_have_text(
        [pt["origin_typed"], pt["origin_typed"], pt["origin_context"], pt["origin_result"]]
    )


def test_a_refusal_a_rollback_and_the_trace_turn_portuguese(
    elements: Page, strings: Strings
) -> None:
    pt = strings["pt-BR"]
    expect(elements.locator("#decision .refused")).to_have_text(pt["refused"])
    expect(elements.locator("#rollback .title")).to_have_text(pt["rollbackTitle"])
    expect(elements.locator("#trace summary")).to_have_text(pt["traceTitle"])


def test_one_key_can_be_replaced_alone(open_page: Callable[[str], Page], strings: Strings) -> None:
    page = open_page("chat.html")
    page.evaluate("() => setStrings({ send: 'Go' })")
    expect(page.locator("stalwart-chat [part=composer] button")).to_have_text("Go")
    expect(page.locator("stalwart-chat textarea")).to_have_attribute(
        "placeholder", strings["en"]["placeholder"]
    )
