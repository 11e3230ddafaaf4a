"""The chat, unchanged, in front of a real LangGraph graph served by the door over a real socket.

The graph pauses as Agent Inbox's docs show; its checkpoints are kept by SqliteSaver in a file.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from langgraph.checkpoint.sqlite import SqliteSaver
from playwright.sync_api import Locator, Page, expect
from served import answer, replies, send, shown_arguments, waiting
from starlette.requests import Request

from stalwart_agents.langchain import make_resume_app
from stalwart_agents.store.sqlite import SqliteRunStore
from tests.loopback import serving
from tests.unit.langchain.graphs import Effects, inbox_agent

pytestmark = pytest.mark.e2e

NAME = "Mail desk"
ALLOWS = {"allow_accept": True, "allow_edit": False, "allow_respond": False, "allow_ignore": True}
EDITS = {**ALLOWS, "allow_edit": True}
RESPONDS = {
    "allow_accept": False,
    "allow_edit": False,
    "allow_respond": True,
    "allow_ignore": False,
}


def customer(request: Request) -> dict[str, str]:
    return {"customer": "ana@example.com"}


def serve_door(folder: Path, allows: dict[str, bool]) -> Iterator[tuple[str, Effects]]:
    effects = Effects(folder / "effects.db")
    connection = sqlite3.connect(folder / "checkpoints.db", check_same_thread=False)
    graph = inbox_agent(effects, SqliteSaver(connection), allows)
    store = SqliteRunStore(folder / "runs.db")
    app = make_resume_app(graph, store=store, context=customer, name=NAME, purpose="I send mail.")
    try:
        with serving(app, lifespan="on") as url:
            yield url, effects
    finally:
        connection.close()


# One server a module: it outlives each test's browser context, so no stream holds it open.
@pytest.fixture(scope="module")
def door(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Effects]]:
    yield from serve_door(tmp_path_factory.mktemp("door"), ALLOWS)


@pytest.fixture(scope="module")
def asking_door(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Effects]]:
    yield from serve_door(tmp_path_factory.mktemp("asking-door"), RESPONDS)


@pytest.fixture(scope="module")
def editing_door(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Effects]]:
    yield from serve_door(tmp_path_factory.mktemp("editing-door"), EDITS)


def first_card(page: Page, url: str) -> Locator:
    """Open the door's page, say the turn, and give the one card it waits on."""
    page.goto(f"{url}/")
    expect(page.locator("stalwart-chat [part=name]")).to_have_text(NAME)
    send(page, "Your order shipped.")
    card = waiting(page)
    expect(card).to_have_count(1)
    return card


def test_a_turn_pauses_on_the_graphs_action_and_approve_runs_it(
    door: tuple[str, Effects], page: Page
) -> None:
    card = first_card(page, door[0])

    assert shown_arguments(card) == {
        "To": "ana@example.com (the assistant wrote it)",
        "Body": "Your order shipped. (the assistant wrote it)",
    }
    answer(card, "approve")
    expect(replies(page).last).to_have_text("Sent to ana@example.com: Your order shipped.")
    assert "'type': 'accept'" in door[1].rows()[-1][1]


def test_a_reload_shows_the_thread_again_from_the_checkpoints(
    door: tuple[str, Effects], page: Page
) -> None:
    answer(first_card(page, door[0]), "skip")
    expect(replies(page).last).to_have_text("Not sent.")

    page.reload()

    expect(page.locator("stalwart-chat [part=log]")).to_contain_text("Your order shipped.")
    expect(replies(page).last).to_have_text("Not sent.")


def test_an_ask_is_answered_in_the_card_as_the_graphs_response(
    asking_door: tuple[str, Effects], page: Page
) -> None:
    card = first_card(page, asking_door[0])
    card.locator("input[name=value]").fill("Say it ships Monday.")
    card.locator("button[type=submit]").click()

    expect(replies(page).last).to_have_text("Noted: Say it ships Monday.")
    assert "'type': 'response'" in asking_door[1].rows()[-1][1]


def test_an_edit_in_the_card_asks_again_with_the_edited_args_and_approve_sends_them(
    editing_door: tuple[str, Effects], page: Page
) -> None:
    card = first_card(page, editing_door[0])
    card.locator("button[data-edit]").click()
    expect(card.locator("[part=edit] input[name=to]")).to_be_focused()
    page.keyboard.press("Escape")
    expect(card.locator("button[data-edit]")).to_be_focused()
    card.locator("button[data-edit]").click()

    card.locator("[part=edit] input[name=body]").fill("Your order ships Monday.")
    card.locator("[part=edit] button[type=submit]").click()

    again = waiting(page)
    expect(again.locator("[part=arguments]")).to_contain_text("Your order ships Monday.")
    assert shown_arguments(again) == {
        "To": "ana@example.com (the assistant wrote it)",
        "Body": "Your order ships Monday. (the assistant wrote it)",
    }
    assert editing_door[1].rows() == []
    answer(again, "approve")
    expect(replies(page).last).to_have_text("Sent to ana@example.com: Your order ships Monday.")
    edit = {
        "type": "edit",
        "args": {
            "action": "send_email",
            "args": {"to": "ana@example.com", "body": "Your order ships Monday."},
        },
    }
    assert editing_door[1].rows() == [("review", repr(edit))]
