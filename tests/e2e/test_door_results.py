"""A LangGraph graph that ends on a tool's JSON: the door's chat shows it as small labelled tables,
one per item, never as raw JSON, in the chat's language, on a phone at night."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from langchain_core.messages import ToolMessage
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.graph import START, MessagesState, StateGraph
from layout import shot, view_as
from playwright.sync_api import Page, expect
from served import replies, send

from stalwart_agents.langchain import make_resume_app
from stalwart_agents.store.sqlite import SqliteRunStore
from tests.loopback import serving

pytestmark = pytest.mark.e2e

MAIL = [
    {"from": "ana@example.com", "subject": "Order 4411", "total": 40},
    {"from": "billing-notice@promo.example", "subject": "Notice", "total": 12.5},
]
DONE = {"en": "Done: Read inbox.", "pt-BR": "Feito: Read inbox."}
TOTAL = {"en": "12.5", "pt-BR": "12,5"}


def read(state: MessagesState) -> dict[str, Any]:
    """The graph's one node: the inbox, as a tool message whose content is JSON."""
    message = ToolMessage(content=json.dumps(MAIL), name="read_inbox", tool_call_id="call-1")
    return {"messages": [message]}


@pytest.fixture(scope="module", params=["en", "pt-BR"])
def door(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[str, str]]:
    """The graph behind the door, its chat in one language; yields its URL and that language."""
    graph = StateGraph(MessagesState)
    graph.add_node("read", read)
    graph.add_edge(START, "read")
    store = SqliteRunStore(tmp_path_factory.mktemp("door") / "runs.db")
    app = make_resume_app(
        graph.compile(checkpointer=InMemorySaver()), store=store, language=request.param
    )
    with serving(app, lifespan="on") as url:
        yield url, request.param


def test_a_tool_s_json_shows_as_a_table_per_item_never_raw(
    page: Page, door: tuple[str, str], artifacts: Path
) -> None:
    url, language = door
    page.goto(f"{url}/")
    view_as(page, "phone", "dark")
    send(page, "inbox")

    reply = replies(page).last
    results = reply.locator("[part=results] table")
    expect(results).to_have_count(2)
    said = reply.text_content() or ""
    assert "{" not in said and "[" not in said, said
    expect(reply).to_contain_text(DONE[language])
    expect(results.nth(1)).to_contain_text(TOTAL[language])
    shot(page, artifacts, f"door-results-phone-dark-{language}")
