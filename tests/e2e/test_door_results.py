"""A LangGraph graph that ends on a tool's JSON: the door's chat shows it as small labelled tables,
one per item, never as raw JSON, in the chat's language, on a phone at night."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from langchain_core.messages import ToolMessage
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.graph import START, MessagesState, StateGraph
from layout import SIZES, each_side, shot, view_as
from playwright.sync_api import Locator, Page, expect
from served import replies, send

from stalwart_agents.langchain import make_resume_app
from stalwart_agents.store.sqlite import SqliteRunStore
from tests.loopback import serving
from tests.unit.langchain.graphs import INBOX_WORDS

pytestmark = pytest.mark.e2e

MAIL = [
    {"from": "ana@example.com", "subject": "Order 4411", "total": 40},
    {"from": "billing-notice@promo.example", "subject": "Notice", "total": 12.5},
]
DONE = {"en": "Done: Read inbox.", "pt-BR": "Feito: Read inbox."}
TOTAL = {"en": "12.5", "pt-BR": "12,5"}


# The inbox the worded door reads, in its chat's language; the bot's name likewise.
INBOX = {
    "en": MAIL,
    "pt-BR": [
        {"from": "ana@example.com", "subject": "Pedido 4411", "total": 40},
        {"from": "aviso@promo.example", "subject": "Aviso", "total": 12.5},
    ],
}
NAME = {"en": "Shop assistant", "pt-BR": "Assistente da loja"}
ASKED = {"en": "read my inbox", "pt-BR": "ler a caixa de entrada"}


def reading(mail: list[dict[str, Any]]) -> Callable[[MessagesState], dict[str, Any]]:
    """The graph's one node: the inbox, as a tool message whose content is JSON."""

    def read(state: MessagesState) -> dict[str, Any]:
        message = ToolMessage(content=json.dumps(mail), name="read_inbox", tool_call_id="call-1")
        return {"messages": [message]}

    return read


LABELLED = {
    "en": ("Done: Read the inbox.", ["From", "Subject", "Total"], "$12.50"),
    "pt-BR": ("Feito: Ler a caixa de entrada.", ["De", "Assunto", "Total"], "US$\xa012,50"),
}


def _serve(
    tmp_path_factory: pytest.TempPathFactory,
    language: str,
    mail: list[dict[str, Any]],
    **options: Any,
) -> Iterator[str]:
    """The graph behind the door, its chat in one language; yields its URL."""
    graph = StateGraph(MessagesState)
    graph.add_node("read", reading(mail))
    graph.add_edge(START, "read")
    store = SqliteRunStore(tmp_path_factory.mktemp("door") / "runs.db")
    compiled = graph.compile(checkpointer=InMemorySaver())
    app = make_resume_app(compiled, store=store, language=language, **options)
    with serving(app, lifespan="on") as url:
        yield url


@pytest.fixture(scope="module", params=["en", "pt-BR"])
def door(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[str, str]]:
    """The door without words for its tools; yields its URL and its chat's language."""
    for url in _serve(tmp_path_factory, request.param, MAIL):
        yield url, request.param


@pytest.fixture(scope="module", params=["en", "pt-BR"])
def worded_door(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[str, str]]:
    """The door with the team's words for read_inbox; yields its URL and its chat's language."""
    language = request.param
    for url in _serve(
        tmp_path_factory, language, INBOX[language], tools=INBOX_WORDS, name=NAME[language]
    ):
        yield url, request.param


def value_lefts(reply: Locator) -> list[int]:
    """Where each value of a reply's results starts, in pixels from the left."""
    return list(
        reply.locator("[part=results] td").evaluate_all(
            "(cells) => cells.map((cell) => Math.round(cell.getBoundingClientRect().left))"
        )
    )


def test_a_tool_s_json_shows_as_rows_per_item_never_raw(
    page: Page, door: tuple[str, str], artifacts: Path
) -> None:
    url, language = door
    page.goto(f"{url}/")
    view_as(page, "phone", "dark")
    send(page, "inbox")

    reply = replies(page).last
    results = reply.locator("[part=results] tbody")
    expect(results).to_have_count(2)
    said = reply.text_content() or ""
    assert "{" not in said and "[" not in said, said
    expect(reply).to_contain_text(DONE[language])
    expect(results.nth(1)).to_contain_text(TOTAL[language])
    shot(page, artifacts, f"door-results-phone-dark-{language}")


@pytest.mark.parametrize("size", list(SIZES))
def test_a_tool_given_words_reads_in_them_in_the_chat_s_language(
    page: Page, worded_door: tuple[str, str], artifacts: Path, size: str
) -> None:
    url, language = worded_door
    page.goto(f"{url}/")
    view_as(page, size, "light")
    send(page, ASKED[language])

    reply = replies(page).last
    results = reply.locator("[part=results] tbody")
    done, labels, total = LABELLED[language]
    for side in each_side(page, size):
        expect(results).to_have_count(2)
        expect(reply).to_contain_text(done)
        expect(results.nth(1).locator("th")).to_have_text(labels)
        expect(results.nth(1)).to_contain_text(total)
        # Every item's values start at one left edge, so the items read as one list.
        assert len(set(value_lefts(reply))) == 1, value_lefts(reply)
        shot(page, artifacts, f"door-results-worded-{size}-{side}-{language}")
