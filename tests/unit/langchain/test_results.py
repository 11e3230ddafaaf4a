"""A graph's tool message that holds JSON reaches a person as labelled values, never raw JSON."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from langchain_core.messages import HumanMessage, ToolMessage
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.graph import START, MessagesState, StateGraph
from starlette.applications import Starlette

from stalwart_agents.langchain import last_message, make_resume_app
from stalwart_agents.langchain._chat import thread_events
from stalwart_agents.langchain._results import read_tools, tables, told
from stalwart_agents.store.sqlite import SqliteRunStore

from .graphs import INBOX_WORDS
from .test_chat_routes import Client

MAIL = {"from": "billing-notice@promo.example", "subject": "Notice", "total": 40}


def tool_message(result: Any) -> ToolMessage:
    return ToolMessage(content=json.dumps(result), name="read_inbox", tool_call_id="call-1")


@pytest.mark.parametrize("result", [MAIL, [MAIL, {**MAIL, "subject": "Again"}]])
def test_a_tool_s_json_as_the_last_message_replies_as_labelled_values(result: Any) -> None:
    said = last_message({"messages": [HumanMessage("read the inbox"), tool_message(result)]})

    assert "{" not in said and '"' not in said, said
    assert said.startswith("Done: Read inbox (From: billing-notice@promo.example; "), said


@pytest.mark.parametrize(
    ("language", "done"), [("en", "Done: Read inbox."), ("pt-BR", "Feito: Read inbox.")]
)
def test_a_tool_s_json_shows_as_a_table_per_item_in_the_chat_s_language(
    language: str, done: str
) -> None:
    message = tool_message([MAIL, {**MAIL, "total": 12.5}])

    (table,) = tables(message, language)

    assert (table["tool"], table["done"]) == ("read_inbox", done)
    assert table["said"] == told(message, language)
    assert [[row["shown"] for row in rows] for rows in table["items"]] == [
        ["billing-notice@promo.example", "Notice", "40"],
        ["billing-notice@promo.example", "Notice", "12.5" if language == "en" else "12,5"],
    ]


def test_a_tool_s_plain_text_stays_as_written() -> None:
    message = ToolMessage(content="Sent.", name="send_email", tool_call_id="call-2")

    assert (told(message, "en"), tables(message, "en")) == (None, [])
    assert last_message({"messages": [message]}) == "Sent."


def reads_the_inbox(
    tmp_path: Path, language: str, tools: dict[str, Any] | None = None
) -> Starlette:
    """A graph whose last message is a tool's JSON list, served with its chat in `language`."""

    def read(state: MessagesState) -> dict[str, Any]:
        return {"messages": [tool_message([MAIL, {**MAIL, "total": 12.5}])]}

    graph = StateGraph(MessagesState)
    graph.add_node("read", read)
    graph.add_edge(START, "read")
    compiled = graph.compile(checkpointer=InMemorySaver())
    store = SqliteRunStore(tmp_path / "runs.db")
    return make_resume_app(compiled, store=store, language=language, tools=tools)


@pytest.mark.parametrize(("language", "done"), [("en", "Done:"), ("pt-BR", "Feito:")])
async def test_the_door_s_chat_replies_and_streams_a_tool_s_json_as_tables(
    tmp_path: Path, client_of: Client, language: str, done: str
) -> None:
    app = reads_the_inbox(tmp_path, language)

    reply = (await client_of(app).post("/threads/t-1/messages", json={"text": "inbox"})).json()
    events = await thread_events(app.state.door, "t-1", language)

    (table,) = reply["results"]
    assert reply["reply"] == table["said"] and reply["reply"].startswith(done), reply["reply"]
    assert "{" not in reply["reply"]
    assert len(table["items"]) == 2
    (said,) = [event.data for event in events if event.type == "reply"]
    assert (said["text"], said["results"]) == (reply["reply"], reply["results"])


@pytest.mark.parametrize(
    ("language", "done", "labels", "total"),
    [
        ("en", "Done: Read the inbox.", ["From", "Subject", "Total"], "$40.00"),
        ("pt-BR", "Feito: Ler a caixa de entrada.", ["De", "Assunto", "Total"], "US$\xa040,00"),
    ],
)
def test_the_team_s_words_title_and_label_a_graph_tool_s_result_in_each_language(
    language: str, done: str, labels: list[str], total: str
) -> None:
    (table,) = tables(tool_message([MAIL]), language, read_tools(INBOX_WORDS))

    assert (table["title"], table["done"]) == (done.split(": ")[1].rstrip("."), done)
    (rows,) = table["items"]
    assert [row["label"] for row in rows] == labels
    assert rows[2]["shown"] == total


@pytest.mark.parametrize(
    ("given", "problem"),
    [
        ({"read_inbox": {"write": True}}, "takes only title and result, not write"),
        ({"read_inbox": {"result": {"from": {"label": 3}}}}, "result.from.label"),
    ],
)
def test_tools_words_other_than_a_title_and_result_labels_are_refused(
    tmp_path: Path, given: dict[str, Any], problem: str
) -> None:
    graph = StateGraph(MessagesState)
    graph.add_node("read", lambda state: {})
    graph.add_edge(START, "read")
    compiled = graph.compile(checkpointer=InMemorySaver())
    store = SqliteRunStore(tmp_path / "runs.db")

    with pytest.raises(ValueError, match=problem):
        make_resume_app(compiled, store=store, tools=given)


async def test_the_door_s_chat_carries_the_team_s_words_to_the_reply_and_the_stream(
    tmp_path: Path, client_of: Client
) -> None:
    app = reads_the_inbox(tmp_path, "pt-BR", INBOX_WORDS)

    reply = (await client_of(app).post("/threads/t-1/messages", json={"text": "inbox"})).json()
    events = await thread_events(app.state.door, "t-1", "pt-BR")

    assert reply["reply"].startswith("Feito: Ler a caixa de entrada (De: billing-notice@"), reply
    (table,) = reply["results"]
    assert [row["label"] for row in table["items"][1]] == ["De", "Assunto", "Total"]
    (said,) = [event.data for event in events if event.type == "reply"]
    assert (said["text"], said["results"]) == (reply["reply"], reply["results"])


async def test_the_door_s_own_reply_tells_a_tool_s_json_in_the_team_s_words(
    tmp_path: Path,
) -> None:
    door = reads_the_inbox(tmp_path, "en", INBOX_WORDS).state.door
    turn = {"messages": [{"role": "user", "content": "inbox"}]}

    reply = await door.invoke(turn, {"configurable": {"thread_id": "t-1"}})

    await door.close()
    assert reply.reply.startswith("Done: Read the inbox (From: billing-notice@"), reply.reply
