"""The chat on `stalwart serve`: the bot's page, turns, replies, pauses, answers and reload."""

from __future__ import annotations

import shutil
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
import yaml
from playwright.sync_api import Locator, Page, Request, Route, expect
from served import (
    Server,
    ShopChanges,
    answer,
    get,
    hold_answers,
    let_go,
    post,
    replies,
    send,
    wait_following,
    wait_took,
    waiting,
)

pytestmark = pytest.mark.e2e

Strings = dict[str, dict[str, str]]

RECEIPTS = Path(__file__).resolve().parents[1] / "fixtures" / "shop" / "receipts.py"
HELP = "https://help.shop.example/how"
PRIVACY = "https://shop.example/privacy"
NAME = "Shop assistant"
PURPOSE = "I look up your orders, take payments and refunds, and read and send the shop's email."
FOUND = "Order 4411 is unpaid, with a total of $40.00, on card visa-0019."


@pytest.fixture(scope="module")
def shop_changes() -> ShopChanges:
    """A staff bot with help and privacy pages, and a receipt tool whose reply has an image."""

    def change(folder: Path) -> Mapping[str, str]:
        agent_file = folder / "agent.yaml"
        spec = yaml.safe_load(agent_file.read_text(encoding="utf-8"))
        spec["agents"][0].update(staff_only=True, help_url=HELP, privacy_url=PRIVACY)
        spec["tools"]["show_receipt"] = {
            "function": "receipts:show_receipt",
            "description": "Shows an order's receipt.",
            "group": "orders",
            "arguments": {"order_id": {"type": "string", "question": "Which order?"}},
            "shows": {"images": "result.images", "files": "result.files"},
        }
        agent_file.write_text(yaml.safe_dump(spec, sort_keys=False), encoding="utf-8")
        vocabulary_file = folder / "vocabulary.yaml"
        vocabulary = yaml.safe_load(vocabulary_file.read_text(encoding="utf-8"))
        vocabulary["tools"]["show_receipt"] = {
            "slots": {"order_id": {"type": "identifier", "example": "4411"}},
            "phrases": {"en": ["show the receipt of order {order_id}"]},
        }
        vocabulary_file.write_text(yaml.safe_dump(vocabulary, sort_keys=False), encoding="utf-8")
        shutil.copy(RECEIPTS, folder / "receipts.py")
        return {}

    return change


def log(page: Page) -> Locator:
    return page.locator("stalwart-chat [part=log]")


def card(page: Page) -> Locator:
    return log(page).locator("> stalwart-confirm")


def a_charge_waits(chat: Page, served: Server) -> str:
    """A charge of a fresh order, waiting on the page; returns the order."""
    order = served.shop.unpaid_order(4000)
    send(chat, f"charge 40 to order {order}")
    expect(waiting(chat).locator("[part=wording]")).to_have_text(f"Charge $40.00 to order {order}?")
    return order


def seen_in(chat: Page, selector: str) -> str:
    """The text of every visible element the selector finds in the chat, shadow roots included."""
    shown: str = chat.locator("stalwart-chat").evaluate(
        "(chat, selector) => deepAll(chat, selector).filter((n) => n.checkVisibility())"
        ".map((n) => n.textContent).join(' | ')",
        selector,
    )
    return shown


def open_pauses(served: Server, thread: str) -> list[dict[str, Any]]:
    """What waits on the thread, as any other channel reads it."""
    found: list[dict[str, Any]] = get(f"{served.url}/threads/{thread}/interrupts").json()[
        "interrupts"
    ]
    return found


# The bot's page


def test_the_header_shows_the_bots_name_and_logo(chat: Page) -> None:
    expect(chat.locator("stalwart-chat [part=name]")).to_have_text(NAME)
    expect(chat.locator("stalwart-chat [part=logo]")).to_have_text("S")


def test_the_greeting_fills_the_name_and_purpose(chat: Page, strings: Strings) -> None:
    greeting = strings["en"]["greeting"].replace("{name}", NAME)
    expect(chat.locator("stalwart-chat [part=greeting]")).to_have_text(
        greeting.replace("{purpose}", PURPOSE)
    )


def test_the_help_link_goes_to_the_help_page(chat: Page, strings: Strings) -> None:
    link = chat.locator("stalwart-chat [part=help]")
    expect(link).to_have_text(strings["en"]["helpLink"])
    expect(link).to_have_attribute("href", HELP)


def test_what_i_can_do_groups_the_capabilities(chat: Page, strings: Strings) -> None:
    expect(chat.locator("stalwart-chat [part=what-i-can-do] summary")).to_have_text(
        strings["en"]["canTitle"]
    )
    # Each group by its label in the bot's language, from agent.yaml's groups.
    expect(chat.locator("stalwart-chat [part=can-group] h3")).to_have_text(
        ["Orders", "Payments", "Email"]
    )
    expect(
        chat.locator("stalwart-chat [part=can-group]").first.locator("[part=can]")
    ).to_have_count(4)


def test_only_capabilities_that_ask_first_carry_the_mark(chat: Page, strings: Strings) -> None:
    marked = chat.locator("stalwart-chat [part=can]").filter(has=chat.locator("[part=asks-first]"))
    expect(marked.locator("span:first-child")).to_have_text(
        [
            "Cancels one of your unpaid orders.",
            "Opens a cancelled order again, unpaid.",
            "Charges an unpaid order's total to your card.",
            "Gives back part or all of a charge.",
            "Sends an email from the shop.",
        ]
    )
    expect(chat.locator("stalwart-chat [part=asks-first]")).to_have_text(
        [strings["en"]["asksFirst"]] * 5
    )


def test_try_it_puts_the_example_in_the_message_box(chat: Page, strings: Strings) -> None:
    chat.locator("stalwart-chat [part=can]").filter(has_text="Charges an unpaid order").get_by_role(
        "button", name=strings["en"]["tryIt"]
    ).click()
    field = chat.locator("stalwart-chat textarea")
    expect(field).to_have_value("charge 40 to order 4411")
    expect(field).to_be_focused()


def test_about_says_who_runs_it_and_how_to_reach_them(chat: Page, strings: Strings) -> None:
    contact = strings["en"]["contact"].replace("{name}", NAME)
    about = chat.locator("stalwart-chat [part=about]")
    expect(about).to_contain_text("A demonstration shop: Maria (customer c-208) is signed in")
    expect(about).to_contain_text(contact.replace("{contact}", "support@shop.example"))


def test_the_privacy_line_links_the_notice(chat: Page, strings: Strings) -> None:
    privacy = chat.locator("stalwart-chat [part=privacy]")
    expect(privacy).to_contain_text(strings["en"]["privacyLine"].replace("{name}", NAME))
    expect(privacy.get_by_role("link", name=strings["en"]["privacyLink"])).to_have_attribute(
        "href", PRIVACY
    )


def test_a_staff_only_bot_says_so(chat: Page, strings: Strings) -> None:
    expect(chat.get_by_text(strings["en"]["staffOnly"])).to_be_visible()


def test_the_log_is_a_labelled_log(chat: Page, strings: Strings) -> None:
    expect(chat.get_by_role("log", name=strings["en"]["conversation"])).to_be_visible()


# Turns and replies


def test_a_turn_is_posted_as_its_text(chat: Page) -> None:
    with chat.expect_request(lambda request: request.url.endswith("/messages")) as sent:
        send(chat, "find order 4411")
    expect(replies(chat)).to_have_count(1)
    assert sent.value.post_data_json == {"text": "find order 4411"}


def test_send_says_sending_while_the_turn_is_on_its_way(chat: Page, strings: Strings) -> None:
    hold_answers(chat, "/messages")
    send(chat, "find order 4411")
    button = chat.locator("stalwart-chat [part=composer] button")
    expect(button).to_have_text(strings["en"]["sending"])
    expect(button).to_be_disabled()
    let_go(chat)
    expect(button).to_have_text(strings["en"]["send"])


def test_the_typing_line_shows_while_the_reply_is_written(chat: Page, strings: Strings) -> None:
    hold_answers(chat, "/messages")
    send(chat, "find order 4411")
    typing = chat.locator("stalwart-chat [part=typing]")
    expect(typing).to_have_text(strings["en"]["writing"])
    expect(typing).to_be_visible()
    let_go(chat)
    expect(typing).to_be_hidden()


def test_the_turn_and_its_reply_show_in_the_log(chat: Page) -> None:
    send(chat, "find order 4411")
    expect(log(chat).locator("> .turn")).to_have_text(["find order 4411"])
    expect(log(chat).locator(".reply p").first).to_contain_text(FOUND)


def test_a_new_reply_is_announced(chat: Page) -> None:
    send(chat, "find order 4411")
    expect(chat.locator("stalwart-chat [aria-live=polite]")).to_contain_text(FOUND)


def test_the_log_itself_announces_nothing(chat: Page) -> None:
    expect(log(chat)).to_have_attribute("aria-live", "off")


ANNOUNCED = """
window.announced = [];
new MutationObserver((_, observer) => {
  const announcer = document.querySelector("stalwart-chat")?.shadowRoot
    ?.querySelector("[aria-live=polite]");
  if (!announcer) return;
  observer.disconnect();
  new MutationObserver(() => window.announced.push(announcer.textContent))
    .observe(announcer, { childList: true, characterData: true, subtree: true });
}).observe(document, { childList: true, subtree: true });
"""


def test_a_reply_is_announced_once(chat: Page) -> None:
    chat.add_init_script(ANNOUNCED)
    chat.reload()
    send(chat, "find order 4411")
    expect(chat.locator("stalwart-chat [aria-live=polite]")).to_contain_text(FOUND)
    # The stream then brings the same reply, and the page takes it without saying it again.
    wait_following(chat)
    wait_took(chat, "reply")
    [said] = chat.evaluate("window.announced")
    assert FOUND in said


def test_a_reply_shows_its_sources_with_outside_servers_named(chat: Page, strings: Strings) -> None:
    send(chat, "find order 4411")
    sources = log(chat).locator("[part=sources]")
    expect(sources.locator("h4")).to_have_text(strings["en"]["sources"])
    outside = strings["en"]["fromOutside"].replace("{server}", "admin.shop.example")
    expect(sources.locator("li")).to_have_text([f"Order 4411 in the shop's admin {outside}"])


def test_a_reply_marks_its_citations(chat: Page) -> None:
    send(chat, "find order 4411")
    citations = log(chat).locator("[part=citations] a")
    expect(citations).to_have_text(["[1]"])
    expect(citations).to_have_attribute("href", "https://admin.shop.example/orders/4411")


def test_a_reply_shows_its_images(chat: Page) -> None:
    send(chat, "show the receipt of order 4411")
    expect(log(chat).locator("[part=image]")).to_have_attribute("alt", "The receipt of order 4411")


def test_a_reply_lists_its_files(chat: Page, strings: Strings) -> None:
    send(chat, "show the receipt of order 4411")
    files = log(chat).locator("[part=files]")
    expect(files.locator("h4")).to_have_text(strings["en"]["filesTitle"])
    expect(files.locator("li")).to_have_text(
        [f"receipt-4411.pdf {strings['en']['filesOpen']} {strings['en']['filesDownload']}"]
    )


def test_a_failed_request_says_so_with_its_detail_behind_details(
    chat: Page, strings: Strings
) -> None:
    send(chat, "x" * 4001)
    alert = chat.get_by_role("alert")
    expect(alert).to_contain_text(strings["en"]["error"])
    detail = chat.locator("stalwart-chat [part=error-detail]")
    expect(detail.locator("summary")).to_have_text(strings["en"]["details"])
    detail.locator("summary").click()
    expect(detail.locator("p")).to_have_text(
        "422: text: String should have at most 4000 characters."
    )


# Pauses and answers


def test_a_pause_shows_inline_in_the_log(chat: Page, served: Server) -> None:
    a_charge_waits(chat, served)
    expect(card(chat).locator("[part=wording]")).to_contain_text("Charge $40.00 to order")


def test_a_single_pause_takes_the_focus(chat: Page, served: Server, strings: Strings) -> None:
    a_charge_waits(chat, served)
    expect(card(chat).get_by_role("button", name=strings["en"]["skip"])).to_be_focused()


def test_of_two_pauses_only_the_first_takes_the_focus(chat: Page, served: Server) -> None:
    order = served.shop.unpaid_order(4000)
    send(
        chat,
        f"charge 40 to order {order} and email maria@example.com about your receipt saying paid",
    )
    expect(card(chat)).to_have_count(2)
    assert chat.evaluate(
        """() => [...document.querySelector('stalwart-chat').shadowRoot
          .querySelectorAll('stalwart-confirm')].map((card) => card.single)"""
    ) == [False, False]


def test_the_status_and_the_correcting_hint_show_while_a_pause_waits(
    chat: Page, served: Server, strings: Strings
) -> None:
    a_charge_waits(chat, served)
    expect(chat.locator("stalwart-chat [part=status]")).to_have_text(strings["en"]["waiting"])
    expect(chat.locator("stalwart-chat [part=correcting]")).to_have_text(
        strings["en"]["correcting"]
    )


def test_an_answer_is_posted_with_the_pauses_id_and_token(
    chat: Page, served: Server, thread: str, strings: Strings
) -> None:
    a_charge_waits(chat, served)
    [pause] = open_pauses(served, thread)
    with chat.expect_request(lambda request: request.url.endswith("/resume")) as sent:
        card(chat).get_by_role("button", name=strings["en"]["approve"]).click()
    expect(replies(chat)).to_have_count(2)
    assert sent.value.post_data_json == {
        "interrupt_id": pause["id"],
        "kind": "confirm",
        "decision": "approve",
        "token": pause["token"],
    }


def test_the_answers_reply_shows_and_the_hints_go(
    chat: Page, served: Server, strings: Strings
) -> None:
    order = a_charge_waits(chat, served)
    card(chat).get_by_role("button", name=strings["en"]["approve"]).click()
    expect(replies(chat).last).to_contain_text(f"(charge ch-{order}).")
    expect(chat.locator("stalwart-chat [part=correcting]")).to_be_hidden()


def test_an_answered_pause_cannot_be_pressed_again(
    chat: Page, served: Server, strings: Strings
) -> None:
    a_charge_waits(chat, served)
    card(chat).get_by_role("button", name=strings["en"]["approve"]).click()
    expect(card(chat)).to_have_attribute("inert", "")


def answered_here_and_elsewhere(chat: Page, served: Server, thread: str, approve: str) -> Route:
    """The page approves, but another channel's approval reaches the server first.

    Returns the page's answer, held on its way until the test lets it go.
    """
    held: list[Route] = []
    chat.route("**/resume", lambda route: held.append(route))
    with chat.expect_request(lambda request: request.url.endswith("/resume")):
        card(chat).get_by_role("button", name=approve).click()
    [pause] = open_pauses(served, thread)
    body = {"interrupt_id": pause["id"], "token": pause["token"], "decision": "approve"}
    assert post(f"{served.url}/threads/{thread}/resume", body).status_code == 200
    expect(chat.locator("stalwart-chat [part=typing]")).to_be_visible()
    [mine] = held
    return mine


def test_a_stale_answer_reads_the_pauses_again(
    chat: Page, served: Server, thread: str, strings: Strings
) -> None:
    a_charge_waits(chat, served)
    mine = answered_here_and_elsewhere(chat, served, thread, strings["en"]["approve"])

    with chat.expect_request(lambda request: request.url.endswith("/interrupts")):
        mine.continue_()

    expect(card(chat)).to_have_attribute("inert", "")


def test_a_stale_answer_says_it_was_answered_elsewhere(
    chat: Page, served: Server, thread: str, strings: Strings
) -> None:
    a_charge_waits(chat, served)

    answered_here_and_elsewhere(chat, served, thread, strings["en"]["approve"]).continue_()

    expect(log(chat).locator(".note")).to_contain_text("it is answered already")
    expect(chat.locator("stalwart-chat [part=status]")).to_have_text("")


def test_a_failed_answer_can_be_given_again(chat: Page, served: Server, strings: Strings) -> None:
    order = a_charge_waits(chat, served)
    chat.route("**/resume", lambda route: route.abort())
    card(chat).get_by_role("button", name=strings["en"]["approve"]).click()
    expect(chat.get_by_role("alert")).to_be_visible()
    approve = card(chat).get_by_role("button", name=strings["en"]["approve"])
    expect(approve).to_be_enabled()
    chat.unroute("**/resume")

    approve.click()

    expect(replies(chat).last).to_contain_text(f"(charge ch-{order}).")
    assert len(served.shop.charges(order)) == 1


def test_a_new_turn_while_a_pause_waits_closes_it(chat: Page, served: Server) -> None:
    order = a_charge_waits(chat, served)
    send(chat, "find order 4411")
    expect(card(chat)).to_have_attribute("inert", "")
    expect(chat.locator("stalwart-chat [part=correcting]")).to_be_hidden()
    assert served.shop.charges(order) == []


REFUSED = "Refunds above $200.00 are made by our billing team, not by this assistant."


def test_a_refusal_shows_as_a_decision(chat: Page) -> None:
    send(chat, "refund 500 from charge ch-4412")
    decision = log(chat).locator("stalwart-decision")
    expect(decision).to_have_attribute("sentence", REFUSED)
    # The contact as the agent file names it: the billing team's address, not the assistant's.
    expect(decision.locator("[part=contact]")).to_have_text(
        "To ask the billing team directly: billing@shop.example"
    )


def test_a_refusal_says_its_sentence_once(chat: Page) -> None:
    send(chat, "refund 500 from charge ch-4412")
    expect(log(chat).locator("stalwart-decision .sentence")).to_have_text(REFUSED)
    assert seen_in(chat, ".reply, .sentence").count(REFUSED) == 1


def test_staff_see_a_refusals_rule(chat: Page) -> None:
    chat.locator("stalwart-chat").evaluate("(chat) => chat.setAttribute('staff', '')")
    send(chat, "refund 500 from charge ch-4412")
    expect(log(chat).get_by_text("refund-limit")).to_be_visible()


# Thumbs and the session


def test_thumbs_post_a_thumb_on_the_reply(chat: Page, strings: Strings) -> None:
    send(chat, "find order 4411")
    reply = replies(chat).last
    thumb = reply.get_by_role("button", name=strings["en"]["thumbUp"], exact=True)
    with chat.expect_request(lambda request: request.url.endswith("/feedback")) as sent:
        thumb.click()
    expect(thumb).to_have_attribute("aria-pressed", "true")
    assert sent.value.post_data_json == {
        "message": reply.get_attribute("data-message"),
        "thumb": "up",
    }


def test_a_reply_with_more_to_it_than_its_pause_has_thumbs(chat: Page, served: Server) -> None:
    order = served.shop.unpaid_order(4000)
    send(chat, f"find order 4411 and then charge 40 to order {order}")
    expect(card(chat)).to_have_count(1)
    expect(replies(chat)).to_have_count(1)
    # The reply says what the lookup found, and cites it, before the charge that waits.
    expect(replies(chat).last).to_contain_text(FOUND)
    expect(log(chat).locator("[part=thumbs]")).to_have_count(1)


def test_thumbs_come_with_their_notice(chat: Page, strings: Strings) -> None:
    expect(chat.locator("stalwart-chat [part=thumbs-notice]")).to_have_text(
        strings["en"]["thumbsNotice"]
    )


def test_without_the_thumbs_attribute_there_are_no_thumbs(chat: Page) -> None:
    chat.locator("stalwart-chat").evaluate("(chat) => chat.removeAttribute('thumbs')")
    send(chat, "find order 4411")
    expect(replies(chat)).to_have_count(1)
    expect(log(chat).locator("[part=thumbs]")).to_be_hidden()
    expect(chat.locator("stalwart-chat [part=thumbs-notice]")).to_be_hidden()


def as_someone_else(route: Route) -> None:
    """Sends the request under a session this server never handed out."""
    route.continue_(headers={**route.request.headers, "stalwart-session": "s-made-up"})


def test_a_refused_thumb_says_so(chat: Page, strings: Strings) -> None:
    send(chat, "find order 4411")
    chat.route("**/feedback", as_someone_else)
    thumb = log(chat).get_by_role("button", name=strings["en"]["thumbDown"], exact=True)
    with chat.expect_response(lambda response: response.url.endswith("/feedback")) as refused:
        thumb.click()
    assert refused.value.status == 403
    expect(chat.get_by_role("alert")).to_be_visible()
    expect(thumb).to_have_attribute("aria-pressed", "false")


def test_the_session_handed_out_is_sent_back(chat: Page) -> None:
    sent: list[Request] = []
    chat.on("request", lambda request: sent.append(request))
    send(chat, "find order 4411")
    send(chat, "find order 4412")
    expect(replies(chat)).to_have_count(2)
    messages = [request for request in sent if request.url.endswith("/messages")]
    handed = messages[0].response()
    assert handed is not None
    session = handed.header_value("stalwart-session")
    assert session
    assert [request.header_value("stalwart-session") for request in messages[1:]] == [session]


def test_a_reply_from_the_stream_alone_shows_its_sources(
    chat: Page, served: Server, thread: str
) -> None:
    send(chat, "find order 4412")
    wait_following(chat)
    elsewhere = post(f"{served.url}/threads/{thread}/messages", {"text": "find order 4411"})
    assert elsewhere.status_code == 200
    expect(replies(chat).last).to_contain_text(FOUND)
    expect(replies(chat).last.locator("[part=sources] li")).to_contain_text(
        ["Order 4411 in the shop's admin"]
    )


# Reload


def test_a_reload_shows_the_conversation_and_what_still_waits(
    chat: Page, served: Server, strings: Strings
) -> None:
    send(chat, "find order 4411")
    expect(replies(chat)).to_have_count(1)
    order = a_charge_waits(chat, served)

    chat.reload()

    expect(log(chat).locator("> .turn")).to_have_text(
        ["find order 4411", f"charge 40 to order {order}"]
    )
    expect(replies(chat).first).to_contain_text(FOUND)
    expect(waiting(chat).locator("[part=wording]")).to_have_text(f"Charge $40.00 to order {order}?")
    expect(chat.locator("stalwart-chat [part=status]")).to_have_text(strings["en"]["waiting"])
    answer(waiting(chat), "approve")
    expect(replies(chat).last).to_contain_text(f"(charge ch-{order}).")
    assert len(served.shop.charges(order)) == 1


def test_the_next_pause_an_answer_brings_takes_the_focus(
    chat: Page, served: Server, strings: Strings
) -> None:
    order = served.shop.unpaid_order(4000)
    send(chat, f"charge 40 to order {order} and then refund 10 from charge ch-4412")
    answer(waiting(chat), "approve")
    expect(waiting(chat).locator("[part=wording]")).to_have_text("Refund $10.00 of charge ch-4412?")
    expect(waiting(chat).get_by_role("button", name=strings["en"]["skip"])).to_be_focused()


def test_the_question_of_a_waiting_charge_shows_once_on_its_card(
    chat: Page, served: Server, strings: Strings
) -> None:
    order = a_charge_waits(chat, served)
    shown = seen_in(chat, "[part=wording], .reply, [part=status]")
    assert shown.count(f"Charge $40.00 to order {order}?") == 1
    assert shown.count(strings["en"]["waiting"]) == 1


def test_the_inbox_shows_as_quoted_tables_of_outside_text_never_as_raw_json(
    chat: Page, strings: Strings
) -> None:
    send(chat, "read my inbox")
    reply = replies(chat).last
    quoted = reply.locator("[part~=outside]")
    expect(quoted.locator(".outside-note")).to_have_text("from outside: Read the inbox")
    expect(quoted.locator("tbody").first.locator("th").first).to_be_visible()
    mails = quoted.locator("tbody").count()
    assert mails >= 2
    expect(reply.locator("p").first).to_have_text("Done: Read the inbox.")
    assert "{" not in reply.inner_text()

    chat.reload()
    expect(replies(chat).last.locator("[part~=outside] tbody")).to_have_count(mails)


def test_of_two_pauses_at_1280x800_the_first_title_and_amount_are_in_view(
    chat: Page, served: Server
) -> None:
    chat.set_viewport_size({"width": 1280, "height": 800})
    order = served.shop.unpaid_order(4000)
    send(
        chat,
        f"charge 40 to order {order} and email maria@example.com about your receipt saying paid",
    )
    expect(card(chat)).to_have_count(2)
    first = card(chat).first
    expect(first.locator("[part=wording]")).to_be_in_viewport()
    expect(first.locator("[part=arguments] dd").first).to_be_in_viewport()


def test_thumbs_and_bubbles_show_the_same_after_a_reload(chat: Page, served: Server) -> None:
    send(chat, "find order 4411")
    expect(replies(chat)).to_have_count(1)
    send(chat, "refund 500 from charge ch-4412")
    expect(log(chat).locator("stalwart-decision")).to_have_count(1)
    order = a_charge_waits(chat, served)

    def looks() -> list[tuple[bool, bool]]:
        """Each reply: whether its bubble shows, and whether it has thumbs."""
        found: list[tuple[bool, bool]] = chat.locator("stalwart-chat").evaluate(
            """(chat) => deepAll(chat, '.reply').map((reply) => [
              reply.checkVisibility(),
              Boolean(reply.querySelector('[part=thumbs]')?.checkVisibility()),
            ])"""
        )
        return found

    live = looks()
    chat.reload()
    expect(waiting(chat)).to_have_count(1)
    expect(replies(chat)).to_have_count(len(live))
    assert looks() == live
    assert seen_in(chat, "[part=wording], .reply").count(f"order {order}?") <= 1
