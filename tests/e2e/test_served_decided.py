"""A closed card says what was decided, by whom and when, in the person's language; a reload shows
it the same. On a desktop, a laptop and a phone, light and dark, in English and Portuguese."""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from layout import SIZES, each_side, reading, shot, view_as
from playwright.sync_api import BrowserContext, Locator, Page, expect
from served import Server, ShopChanges, answer, english_on, get, open_chat, post, send, waiting

from stalwart_agents.ids import new_id, session_handle
from stalwart_agents.serve._sessions import COOKIE
from stalwart_agents.store import SqliteRunStore

pytestmark = pytest.mark.e2e

CHARGE = {"en": "charge 40 to order {order}", "pt-BR": "cobrar 40,00 do pedido {order}"}
Strings = dict[str, dict[str, str]]


@pytest.fixture(scope="module")
def shop_changes(language: str) -> ShopChanges:
    return reading(language)


def closed(page: Page) -> Locator:
    """The decided line of each closed card in the log."""
    return page.locator("stalwart-chat [part=log] > stalwart-confirm[inert] [part=decided]")


def said(
    strings: Strings, language: str, key: str, decision: str, handle: str = ""
) -> re.Pattern[str]:
    """The line `key` says of `decision` (by `handle`), at any time of day."""
    words = strings[language]
    line = re.escape(words[key]).replace(re.escape("{time}"), r"\d{1,2}:\d{2}( [AP]M)?")
    line = line.replace(re.escape("{handle}"), re.escape(handle))
    return re.compile("^" + line.replace(re.escape("{decision}"), re.escape(words[decision])) + "$")


def still_waits(page: Page, strings: Strings, language: str) -> Locator:
    """Each reply bubble in view that still says it waits for the person's decision."""
    words = strings[language]["waiting"]
    return page.locator("stalwart-chat [part=log] .reply:visible", has_text=words)


def a_charge_waits(chat: Page, served: Server, language: str) -> str:
    words = CHARGE[language].format(order=served.shop.unpaid_order(4000))
    send(chat, words)
    expect(waiting(chat)).to_have_count(1)
    expect(waiting(chat).locator("[part=wording]")).to_be_visible()
    return words


@pytest.mark.parametrize("size", list(SIZES))
def test_an_approved_card_says_you_approved_it_and_when_and_a_reload_says_the_same(
    chat: Page,
    served: Server,
    language: str,
    strings: Strings,
    artifacts: Path,
    size: str,
) -> None:
    view_as(chat, size, "light")
    typed = a_charge_waits(chat, served, language)

    answer(waiting(chat), "approve")

    line = closed(chat)
    for side in each_side(chat, size):
        expect(line).to_have_text(said(strings, language, "decidedYou", "decidedApprove"))
        expect(line.locator("xpath=..").locator("[part=choices]")).to_have_count(0)
        expect(still_waits(chat, strings, language)).to_have_count(0)
        line.scroll_into_view_if_needed()
        shot(chat, artifacts, f"decided-{size}-{side}-{language}")
        assert english_on(chat, served, language, typed) == []
    live = line.text_content()

    chat.reload()
    expect(closed(chat)).to_have_text(live or "")
    expect(waiting(chat)).to_have_count(0)
    expect(still_waits(chat, strings, language)).to_have_count(0)


def test_a_card_answered_through_the_api_says_so_in_the_open_chat(
    chat: Page, served: Server, language: str, strings: Strings, thread: str
) -> None:
    a_charge_waits(chat, served, language)
    [pause] = get(f"{served.url}/threads/{thread}/interrupts").json()["interrupts"]
    body = {"interrupt_id": pause["id"], "token": pause["token"], "decision": "skip"}

    assert post(f"{served.url}/threads/{thread}/resume", body).status_code == 200

    expect(closed(chat)).to_have_text(said(strings, language, "decidedApi", "decidedSkip"))


def test_a_skip_by_staff_names_them_by_handle_on_the_owner_s_page(
    chat: Page,
    served: Server,
    language: str,
    strings: Strings,
    artifacts: Path,
    thread: str,
    new_context: Callable[[], BrowserContext],
) -> None:
    chat.set_viewport_size({"width": 390, "height": 844})
    typed = a_charge_waits(chat, served, language)
    # A browser the owner paired: its session is staff in the store, and its cookie names it,
    # as the phone panel's pairing leaves them (test_served_phone.py pairs for real).
    # Playwright's sync API runs a loop on this thread, so the store's runs on its own.
    with ThreadPoolExecutor(1) as worker:
        session = worker.submit(asyncio.run, paired(served.shop.folder / "runs.db")).result()
    staff = new_context()
    staff.add_cookies([{"name": COOKIE, "value": session, "url": served.url}])
    phone = staff.new_page()
    open_chat(staff, phone, served, thread)
    expect(waiting(phone)).to_have_count(1)

    answer(waiting(phone), "skip")

    expect(closed(phone)).to_have_text(said(strings, language, "decidedYou", "decidedSkip"))
    handle = session_handle(session)
    line = said(strings, language, "decidedStaff", "decidedSkip", handle)
    expect(closed(chat)).to_have_text(line)
    closed(chat).scroll_into_view_if_needed()
    shot(chat, artifacts, f"decided-staff-phone-light-{language}")
    assert english_on(chat, served, language, typed) == []


async def paired(database: Path) -> str:
    """A new session, made staff in the served shop's store."""
    session = new_id()
    async with SqliteRunStore(str(database)) as store:
        await store.keep_session(session, time.time())
        await store.make_staff(session, "phone")
    return session
