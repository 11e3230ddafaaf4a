"""<stalwart-chat> over a scripted backend: the bot's page, turns, pauses, answers and thumbs."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

pytestmark = pytest.mark.e2e

Strings = dict[str, dict[str, str]]

STALE = """
backend.resumeFails = {
  status: 409, code: 'interrupt_stale', detail: 'This was answered elsewhere.',
};
"""


@pytest.fixture
def chat(open_page: Callable[[str], Page]) -> Page:
    page = open_page("chat.html")
    expect(page.locator("stalwart-chat [part=name]")).to_have_text("Shop")
    return page


def send(page: Page, text: str) -> None:
    field = page.locator("stalwart-chat textarea")
    field.fill(text)
    field.press("Enter")


def requests(page: Page, ending: str = "") -> list[dict[str, Any]]:
    sent: list[dict[str, Any]] = page.evaluate("backend.requests")
    return [request for request in sent if request["path"].endswith(ending)]


def log(page: Page) -> Locator:
    return page.locator("stalwart-chat [part=log]")


def card(page: Page) -> Locator:
    return log(page).locator("stalwart-confirm")


# The bot's page


def test_the_header_shows_the_bots_name_and_logo(chat: Page) -> None:
    expect(chat.locator("stalwart-chat [part=logo]")).to_have_text("S")


def test_the_greeting_fills_the_name_and_purpose(chat: Page, strings: Strings) -> None:
    greeting = strings["en"]["greeting"].replace("{name}", "Shop")
    expect(chat.locator("stalwart-chat [part=greeting]")).to_have_text(
        greeting.replace("{purpose}", "I look up and charge orders.")
    )


def test_the_help_link_goes_to_the_help_page(chat: Page, strings: Strings) -> None:
    link = chat.locator("stalwart-chat [part=help]")
    expect(link).to_have_text(strings["en"]["helpLink"])
    expect(link).to_have_attribute("href", "https://help.shop.example/how")


def test_what_i_can_do_groups_the_capabilities(chat: Page, strings: Strings) -> None:
    expect(chat.locator("stalwart-chat [part=what-i-can-do] summary")).to_have_text(
        strings["en"]["canTitle"]
    )
    expect(chat.locator("stalwart-chat [part=can-group] h3")).to_have_text(["Orders", "Payments"])
    expect(
        chat.locator("stalwart-chat [part=can-group]").first.locator("[part=can]")
    ).to_have_count(2)


def test_only_capabilities_that_ask_first_carry_the_mark(chat: Page, strings: Strings) -> None:
    marked = chat.locator("stalwart-chat [part=can]").filter(has=chat.locator("[part=asks-first]"))
    expect(marked.locator("span").first).to_have_text("Cancel an order")
    expect(chat.locator("stalwart-chat [part=asks-first]")).to_have_text(
        [strings["en"]["asksFirst"]] * 2
    )


def test_try_it_puts_the_example_in_the_message_box(chat: Page, strings: Strings) -> None:
    chat.locator("stalwart-chat [part=can]").nth(2).get_by_role(
        "button", name=strings["en"]["tryIt"]
    ).click()
    field = chat.locator("stalwart-chat textarea")
    expect(field).to_have_value("charge 40 to order 4411")
    expect(field).to_be_focused()


def test_about_says_who_runs_it_and_how_to_reach_them(chat: Page, strings: Strings) -> None:
    contact = strings["en"]["contact"].replace("{name}", "Shop")
    about = chat.locator("stalwart-chat [part=about]")
    expect(about).to_contain_text("Shop is run by the shop's own team.")
    expect(about).to_contain_text(contact.replace("{contact}", "help@shop.example"))


def test_the_privacy_line_links_the_notice(chat: Page, strings: Strings) -> None:
    privacy = chat.locator("stalwart-chat [part=privacy]")
    expect(privacy).to_contain_text(strings["en"]["privacyLine"].replace("{name}", "Shop"))
    expect(privacy.get_by_role("link", name=strings["en"]["privacyLink"])).to_have_attribute(
        "href", "https://shop.example/privacy"
    )


def test_a_staff_only_bot_says_so(chat: Page, strings: Strings) -> None:
    chat.evaluate("() => { chat.bot = { ...chat.bot, staff_only: true }; }")
    expect(chat.get_by_text(strings["en"]["staffOnly"])).to_be_visible()


def test_the_header_and_footer_slots_show_the_pages_content(chat: Page) -> None:
    expect(chat.get_by_text("Beta")).to_be_visible()
    expect(chat.get_by_text("Shop Ltd.")).to_be_visible()


def test_the_log_is_a_labelled_log(chat: Page, strings: Strings) -> None:
    expect(chat.get_by_role("log", name=strings["en"]["conversation"])).to_be_visible()


# Turns and replies


def test_a_turn_is_posted_as_its_text(chat: Page) -> None:
    send(chat, "hello there")
    expect(log(chat).locator(".reply")).to_have_count(1)
    assert [r["body"] for r in requests(chat, "/messages")] == [{"text": "hello there"}]


def test_every_request_goes_under_base(open_page: Callable[[str], Page]) -> None:
    page = open_page("chat.html?base=/agent/")
    send(page, "hello there")
    expect(log(page).locator(".reply")).to_have_count(1)
    assert all(r["path"].startswith("/agent/") for r in requests(page))


def test_send_says_sending_while_the_turn_is_on_its_way(chat: Page, strings: Strings) -> None:
    chat.evaluate("hold()")
    send(chat, "hello there")
    button = chat.locator("stalwart-chat [part=composer] button")
    expect(button).to_have_text(strings["en"]["sending"])
    expect(button).to_be_disabled()
    chat.evaluate("release()")
    expect(button).to_have_text(strings["en"]["send"])


def test_the_typing_line_shows_while_the_reply_is_written(chat: Page, strings: Strings) -> None:
    chat.evaluate("hold()")
    send(chat, "hello there")
    typing = chat.locator("stalwart-chat [part=typing]")
    expect(typing).to_have_text(strings["en"]["writing"])
    expect(typing).to_be_visible()
    chat.evaluate("release()")
    expect(typing).to_be_hidden()


def test_the_turn_and_its_reply_show_in_the_log(chat: Page) -> None:
    send(chat, "hello there")
    expect(log(chat).locator(".turn")).to_have_text(["hello there"])
    expect(log(chat).locator(".reply p").first).to_have_text("You said: hello there")


def test_a_new_reply_is_announced(chat: Page) -> None:
    send(chat, "hello there")
    expect(chat.locator("stalwart-chat [aria-live=polite]")).to_have_text("You said: hello there")


def test_the_log_itself_announces_nothing(chat: Page) -> None:
    expect(log(chat)).to_have_attribute("aria-live", "off")


def test_a_reply_is_announced_once(chat: Page) -> None:
    send(chat, "hello there")
    announcer = chat.locator("stalwart-chat [aria-live=polite]")
    expect(announcer).to_have_text("You said: hello there")
    changes = chat.evaluate(
        """() => new Promise((resolve) => {
          let count = 0;
          const announcer = chat.shadowRoot.querySelector('[aria-live=polite]');
          const options = { childList: true, characterData: true, subtree: true };
          new MutationObserver(() => { count += 1; }).observe(announcer, options);
          streams[0].open();
          const data = { message: 'm-1', text: 'You said: hello there' };
          streams[0].send({ id: 9, type: 'reply', data });
          setTimeout(() => resolve(count), 200);
        })"""
    )
    assert changes == 0


def test_a_reply_shows_its_sources_with_outside_servers_named(chat: Page, strings: Strings) -> None:
    send(chat, "show order 4411")
    sources = log(chat).locator("[part=sources]")
    expect(sources.locator("h4")).to_have_text(strings["en"]["sources"])
    outside = strings["en"]["fromOutside"].replace("{server}", "status.cards.example")
    expect(sources.locator("li")).to_have_text(["Order 4411", f"Card network status {outside}"])


def test_a_reply_marks_its_citations(chat: Page) -> None:
    send(chat, "show order 4411")
    expect(log(chat).locator("[part=citations] a")).to_have_text(["[1]", "[2]"])


def test_a_reply_shows_its_images(chat: Page) -> None:
    send(chat, "show order 4411")
    expect(log(chat).locator("[part=image]")).to_have_attribute("alt", "The receipt of order 4411")


def test_a_reply_lists_its_files(chat: Page, strings: Strings) -> None:
    send(chat, "show order 4411")
    files = log(chat).locator("[part=files]")
    expect(files.locator("h4")).to_have_text(strings["en"]["filesTitle"])
    expect(files.locator("li")).to_have_text(
        [f"receipt-4411.pdf {strings['en']['filesOpen']} {strings['en']['filesDownload']}"]
    )


def test_a_failed_request_says_so_with_its_detail_behind_details(
    chat: Page, strings: Strings
) -> None:
    chat.evaluate("backend.base = '/elsewhere/'")
    send(chat, "hello there")
    alert = chat.get_by_role("alert")
    expect(alert).to_contain_text(strings["en"]["error"])
    detail = chat.locator("stalwart-chat [part=error-detail]")
    expect(detail.locator("summary")).to_have_text(strings["en"]["details"])
    detail.locator("summary").click()
    expect(detail.locator("p")).to_have_text(
        "404: /messages is not under /elsewhere/.".replace("/messages", "/threads/u-17/messages")
    )


# Pauses and answers


def test_a_pause_shows_inline_in_the_log(chat: Page) -> None:
    send(chat, "charge 40 to order 4411")
    expect(card(chat).locator("[part=wording]")).to_have_text("charge_card?")


def test_a_single_pause_takes_the_focus(chat: Page, strings: Strings) -> None:
    send(chat, "charge 40 to order 4411")
    expect(card(chat).get_by_role("button", name=strings["en"]["skip"])).to_be_focused()


def test_of_two_pauses_only_the_first_takes_the_focus(chat: Page) -> None:
    send(chat, "two at once")
    expect(card(chat)).to_have_count(2)
    assert chat.evaluate(
        "[...chat.shadowRoot.querySelectorAll('stalwart-confirm')].map((card) => card.single)"
    ) == [False, False]


def test_the_status_and_the_correcting_hint_show_while_a_pause_waits(
    chat: Page, strings: Strings
) -> None:
    send(chat, "charge 40 to order 4411")
    expect(chat.locator("stalwart-chat [part=status]")).to_have_text(strings["en"]["waiting"])
    expect(chat.locator("stalwart-chat [part=correcting]")).to_have_text(
        strings["en"]["correcting"]
    )


def test_an_answer_is_posted_with_the_pauses_id_and_token(chat: Page, strings: Strings) -> None:
    send(chat, "charge 40 to order 4411")
    card(chat).get_by_role("button", name=strings["en"]["approve"]).click()
    expect(log(chat).locator(".reply")).to_have_count(1)
    assert [r["body"] for r in requests(chat, "/resume")] == [
        {"interrupt_id": "i-confirm", "decision": "approve", "token": "t-confirm"}
    ]


def test_the_answers_reply_shows_and_the_hints_go(chat: Page, strings: Strings) -> None:
    send(chat, "charge 40 to order 4411")
    card(chat).get_by_role("button", name=strings["en"]["approve"]).click()
    expect(log(chat).locator(".reply p")).to_have_text(["Done: approve."])
    expect(chat.locator("stalwart-chat [part=correcting]")).to_be_hidden()


def test_an_answered_pause_cannot_be_pressed_again(chat: Page, strings: Strings) -> None:
    send(chat, "charge 40 to order 4411")
    card(chat).get_by_role("button", name=strings["en"]["approve"]).click()
    expect(card(chat)).to_have_attribute("inert", "")


def test_a_stale_answer_reads_the_pauses_again(chat: Page, strings: Strings) -> None:
    send(chat, "charge 40 to order 4411")
    chat.evaluate(STALE)
    card(chat).get_by_role("button", name=strings["en"]["approve"]).click()
    chat.wait_for_function(
        """() => {
          const paths = backend.requests.map((request) => request.path);
          const after = paths.slice(paths.indexOf('/threads/u-17/resume'));
          return after.includes('/threads/u-17/interrupts');
        }"""
    )
    expect(card(chat)).to_have_attribute("inert", "")


def test_a_stale_answer_says_it_was_answered_elsewhere(chat: Page, strings: Strings) -> None:
    send(chat, "charge 40 to order 4411")
    chat.evaluate(STALE)
    card(chat).get_by_role("button", name=strings["en"]["approve"]).click()
    expect(log(chat).locator(".note")).to_have_text("This was answered elsewhere.")
    expect(chat.locator("stalwart-chat [part=status]")).to_have_text("")


def test_a_failed_answer_can_be_given_again(chat: Page, strings: Strings) -> None:
    send(chat, "charge 40 to order 4411")
    chat.evaluate("backend.resumeFails = { status: 500, code: 'oops', detail: 'Down.' }")
    chat.evaluate("backend.open = [pauses.confirm]")
    card(chat).get_by_role("button", name=strings["en"]["approve"]).click()
    expect(chat.get_by_role("alert")).to_be_visible()
    expect(card(chat).get_by_role("button", name=strings["en"]["approve"])).to_be_enabled()


def test_a_new_turn_while_a_pause_waits_closes_it(chat: Page) -> None:
    send(chat, "charge 40 to order 4411")
    expect(card(chat)).to_have_count(1)
    send(chat, "hello there")
    expect(card(chat)).to_have_attribute("inert", "")
    expect(chat.locator("stalwart-chat [part=correcting]")).to_be_hidden()


def test_a_refusal_shows_as_a_decision(chat: Page) -> None:
    send(chat, "cancel order 4411")
    decision = log(chat).locator("stalwart-decision")
    expect(decision).to_have_attribute("sentence", "I can't cancel an order that has shipped.")
    expect(decision.locator("[part=contact]")).to_contain_text("Shop")


def test_staff_see_a_refusals_rule(open_page: Callable[[str], Page]) -> None:
    page = open_page("chat.html?staff")
    send(page, "cancel order 4411")
    expect(log(page).get_by_text("no-cancel-after-shipping")).to_be_visible()


def test_others_see_a_refusals_rule_only_when_they_ask(chat: Page) -> None:
    send(chat, "cancel order 4411")
    expect(log(chat).locator("stalwart-decision")).to_have_count(1)
    expect(log(chat).get_by_text("no-cancel-after-shipping")).to_be_hidden()


def test_a_rollback_shows_with_its_stuck_pause(chat: Page, strings: Strings) -> None:
    send(chat, "undo it all")
    rollback = log(chat).locator("stalwart-rollback")
    expect(rollback.locator(".title")).to_have_text(strings["en"]["rollbackTitle"])
    rollback.get_by_role("button", name=strings["en"]["abandon"]).click()
    expect(log(chat).locator(".reply p")).to_have_text(["I undid what I could.", "Done: abandon."])
    assert [r["body"]["interrupt_id"] for r in requests(chat, "/resume")] == ["i-rollback-stuck"]


def test_a_stuck_rollback_waits_for_a_decision(chat: Page, strings: Strings) -> None:
    send(chat, "undo it all")
    expect(log(chat).locator("stalwart-rollback")).to_have_count(1)
    expect(chat.locator("stalwart-chat [part=status]")).to_have_text(strings["en"]["waiting"])


def test_a_stuck_rollback_answered_elsewhere_goes_inert(chat: Page) -> None:
    send(chat, "undo it all")
    rollback = log(chat).locator("stalwart-rollback")
    expect(rollback).to_have_count(1)
    chat.evaluate("backend.open = []; streams[0].send({ id: 1, type: 'answer', data: {} })")
    expect(rollback).to_have_attribute("inert", "")


# Thumbs and the session


def test_thumbs_post_a_thumb_on_the_reply(chat: Page, strings: Strings) -> None:
    send(chat, "hello there")
    thumb = log(chat).get_by_role("button", name=strings["en"]["thumbUp"], exact=True)
    thumb.click()
    expect(thumb).to_have_attribute("aria-pressed", "true")
    assert [r["body"] for r in requests(chat, "/feedback")] == [{"message": "m-1", "thumb": "up"}]


def test_a_reply_that_only_says_a_pause_waits_has_no_thumbs(chat: Page) -> None:
    chat.evaluate(
        """backend.turns['charge it'] = {
          reply: 'Waiting for your decision. Run charge_card?', waiting: [pauses.confirm],
        }"""
    )
    send(chat, "charge it")
    expect(card(chat)).to_have_count(1)
    expect(log(chat).locator(".reply")).to_have_count(1)
    expect(log(chat).locator("[part=thumbs]")).to_have_count(0)


def test_a_reply_with_more_to_it_than_its_pause_has_thumbs(chat: Page) -> None:
    send(chat, "show order 4411")
    expect(card(chat)).to_have_count(1)
    expect(log(chat).locator("[part=thumbs]")).to_have_count(1)


def test_the_reply_after_the_answer_has_thumbs(chat: Page, strings: Strings) -> None:
    chat.evaluate(
        """backend.turns['charge it'] = {
          reply: 'Waiting for your decision. Run charge_card?', waiting: [pauses.confirm],
        }"""
    )
    send(chat, "charge it")
    card(chat).get_by_role("button", name=strings["en"]["approve"]).click()
    expect(log(chat).locator(".reply")).to_have_count(2)
    expect(log(chat).locator(".reply").last.locator("[part=thumbs]")).to_have_count(1)


def test_thumbs_come_with_their_notice(chat: Page, strings: Strings) -> None:
    expect(chat.locator("stalwart-chat [part=thumbs-notice]")).to_have_text(
        strings["en"]["thumbsNotice"]
    )


def test_without_the_thumbs_attribute_there_are_no_thumbs(chat: Page) -> None:
    chat.evaluate("document.getElementById('chat').removeAttribute('thumbs')")
    send(chat, "hello there")
    expect(log(chat).locator(".reply")).to_have_count(1)
    expect(log(chat).locator("[part=thumbs]")).to_be_hidden()
    expect(chat.locator("stalwart-chat [part=thumbs-notice]")).to_be_hidden()


def test_a_refused_thumb_says_so(chat: Page, strings: Strings) -> None:
    send(chat, "hello there")
    chat.evaluate("backend.feedbackStatus = 403")
    thumb = log(chat).get_by_role("button", name=strings["en"]["thumbDown"], exact=True)
    thumb.click()
    expect(chat.get_by_role("alert")).to_be_visible()
    expect(thumb).to_have_attribute("aria-pressed", "false")


def test_the_session_handed_out_is_sent_back(chat: Page) -> None:
    send(chat, "hello there")
    expect(log(chat).locator(".reply")).to_have_count(1)
    assert requests(chat)[0]["headers"].get("Stalwart-Session") is None
    assert [r["headers"].get("Stalwart-Session") for r in requests(chat, "/messages")] == [
        "s-fake-1"
    ]


def test_a_reply_from_the_stream_alone_shows_its_sources(chat: Page) -> None:
    chat.evaluate(
        """() => {
          streams[0].open();
          const source = { title: 'Order 4411', url: '/ui/orders/4411', server: null };
          const data = { message: 'm-7', text: 'Order 4411 is paid.', sources: [source] };
          streams[0].send({ id: 3, type: 'reply', data });
        }"""
    )
    expect(log(chat).locator(".reply p").last).to_contain_text("Order 4411 is paid.")
    expect(log(chat).locator("[part=sources] li")).to_have_text(["Order 4411"])
