"""A look-up on the served shop cites the order in the shop's admin, shown as from outside.

The sources come from the real path: find_order's result, its `shows:` in agent.yaml, the run's
reply, and the answer `stalwart serve` gives the page.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from served import replies, send

pytestmark = pytest.mark.e2e

Strings = dict[str, dict[str, str]]

ADMIN = "https://admin.shop.example/orders/4411"


def test_a_look_up_lists_its_source_with_the_outside_server_named(
    chat: Page, strings: Strings
) -> None:
    send(chat, "find order 4411")

    sources = replies(chat).last.locator("[part=sources]")
    expect(sources.locator("h4")).to_have_text(strings["en"]["sources"])
    outside = strings["en"]["fromOutside"].replace("{server}", "admin.shop.example")
    expect(sources.locator("li")).to_have_text([f"Order 4411 in the shop's admin {outside}"])
    expect(sources.locator("li a")).to_have_attribute("href", ADMIN)


def test_a_look_up_cites_its_source_beside_its_words(chat: Page) -> None:
    send(chat, "find order 4411")

    reply = replies(chat).last
    expect(reply).to_contain_text("Order 4411 is unpaid")
    expect(reply.locator("[part=citations] a")).to_have_text(["[1]"])
    expect(reply.locator("[part=citations] a")).to_have_attribute("href", ADMIN)


def test_a_reply_whose_calls_cite_nothing_shows_no_sources(chat: Page) -> None:
    send(chat, "charge 1040 to order 4411")

    # A reply that only refuses says so on its refusal card, once; nothing it shows cites a source.
    expect(chat.locator("stalwart-chat stalwart-decision").last).to_contain_text(
        "I can't make this charge."
    )
    expect(replies(chat).last.locator("[part=sources]")).to_have_count(0)
