"""A graph that pauses with Agent Inbox's HumanInterrupt, answered through the door's routes."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from langchain_core.messages import AIMessage
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.graph import END, START, MessagesState, StateGraph
from langgraph.runtime import Runtime
from langgraph.types import interrupt
from starlette.applications import Starlette
from starlette.requests import Request

from stalwart_agents.langchain import make_resume_app
from stalwart_agents.model import ASK_PERSON, Asked
from stalwart_agents.store.sqlite import SqliteRunStore
from tests.fake_provider import Calls, FakeProvider, _server, provider_server
from tests.unit.model.wire import CATALOGUE, provider_at

from .graphs import Customer, Effects, inbox_agent
from .helpers import THREAD, answer

Client = Callable[[Starlette], httpx.AsyncClient]

EVERYTHING = {"allow_accept": True, "allow_edit": True, "allow_respond": True, "allow_ignore": True}
# The config of the example in Agent Inbox's README.
README = {"allow_accept": False, "allow_edit": False, "allow_respond": True, "allow_ignore": True}
RESPOND_ONLY = {**README, "allow_ignore": False}

__all__ = ["_server", "provider_server"]


def customer(request: Request) -> dict[str, str]:
    """The runtime context: the signed-in customer, as an application's session would give it."""
    return {"customer": request.headers.get("x-customer", "ana@example.com")}


async def door_client(
    tmp_path: Path, effects: Effects, client_of: Client, config: dict[str, bool]
) -> httpx.AsyncClient:
    graph = inbox_agent(effects, InMemorySaver(), config)
    store = SqliteRunStore(tmp_path / "runs.db")
    return client_of(make_resume_app(graph, store=store, context=customer))


async def say(client: httpx.AsyncClient, text: str) -> Any:
    response = await client.post(f"/threads/{THREAD}/messages", json={"text": text})
    assert response.status_code == 200, response.text
    return response.json()


async def test_the_action_and_its_args_become_the_cards_tool_and_arguments(
    tmp_path: Path, effects: Effects, client_of: Client
) -> None:
    client = await door_client(tmp_path, effects, client_of, EVERYTHING)
    (pause,) = (await say(client, "Your order shipped."))["waiting"]

    assert (pause["kind"], pause["tool"]) == ("confirm", "send_email")
    assert pause["wording"] == "Send this e-mail to ana@example.com?"
    assert [(a["name"], a["value"]) for a in pause["arguments"]] == [
        ("to", "ana@example.com"),
        ("body", "Your order shipped."),
    ]
    assert pause["choices"] == ["approve", "skip"]


async def test_the_runtime_context_reaches_the_graph_through_the_door(
    tmp_path: Path, effects: Effects, client_of: Client
) -> None:
    client = await door_client(tmp_path, effects, client_of, EVERYTHING)
    response = await client.post(
        f"/threads/{THREAD}/messages", json={"text": "Hi"}, headers={"x-customer": "bo@example.com"}
    )
    (pause,) = response.json()["waiting"]
    assert pause["arguments"][0]["value"] == "bo@example.com"


async def test_approve_resumes_with_a_list_holding_accept(
    tmp_path: Path, effects: Effects, client_of: Client
) -> None:
    client = await door_client(tmp_path, effects, client_of, EVERYTHING)
    (pause,) = (await say(client, "Your order shipped."))["waiting"]

    response = await client.post(f"/threads/{THREAD}/resume", json=answer(pause))

    assert response.json()["reply"] == "Sent to ana@example.com: Your order shipped."
    args = {"to": "ana@example.com", "body": "Your order shipped."}
    assert effects.rows() == [
        ("review", repr({"type": "accept", "args": {"action": "send_email", "args": args}}))
    ]


async def test_skip_resumes_with_ignore(
    tmp_path: Path, effects: Effects, client_of: Client
) -> None:
    client = await door_client(tmp_path, effects, client_of, README)
    (pause,) = (await say(client, "Your order shipped."))["waiting"]
    assert pause["choices"] == ["skip"]

    response = await client.post(f"/threads/{THREAD}/resume", json=answer(pause, "skip"))

    assert response.json()["reply"] == "Not sent."
    assert effects.rows() == [("review", repr({"type": "ignore", "args": None}))]


async def test_a_graph_that_takes_only_a_response_asks_and_the_answer_is_the_response(
    tmp_path: Path, effects: Effects, client_of: Client
) -> None:
    client = await door_client(tmp_path, effects, client_of, RESPOND_ONLY)
    (pause,) = (await say(client, "Your order shipped."))["waiting"]
    assert (pause["kind"], pause["choices"], pause["type"]) == ("ask", ["answer"], "string")
    assert pause["question"] == "Send this e-mail to ana@example.com?"

    body = answer(pause, "answer", value="Say it ships Monday.")
    response = await client.post(f"/threads/{THREAD}/resume", json=body)

    assert response.json()["reply"] == "Noted: Say it ships Monday."
    assert effects.rows() == [
        ("review", repr({"type": "response", "args": "Say it ships Monday."}))
    ]


async def test_the_pause_says_it_is_editable_only_where_the_graph_allows_edit(
    tmp_path: Path, effects: Effects, client_of: Client
) -> None:
    editable = await door_client(tmp_path, effects, client_of, EVERYTHING)
    fixed = await door_client(
        tmp_path / "fixed", effects, client_of, {**EVERYTHING, "allow_edit": False}
    )
    (pause,) = (await say(editable, "Your order shipped."))["waiting"]
    (other,) = (await say(fixed, "Your order shipped."))["waiting"]
    edited = {"to": "ana@example.com", "body": "Your order ships Monday."}
    again = await editable.post(
        f"/threads/{THREAD}/resume", json=answer(pause, value={"args": edited})
    )

    assert pause["editable"] is True
    assert again.json()["waiting"][0]["editable"] is True
    assert not other.get("editable")


async def test_an_edit_is_a_correction_that_asks_again_before_the_graph_gets_it(
    tmp_path: Path, effects: Effects, client_of: Client
) -> None:
    client = await door_client(tmp_path, effects, client_of, EVERYTHING)
    (pause,) = (await say(client, "Your order shipped."))["waiting"]
    edited = {"to": "ana@example.com", "body": "Your order ships Monday."}

    corrected = await client.post(
        f"/threads/{THREAD}/resume", json=answer(pause, value={"args": edited})
    )

    (again,) = corrected.json()["waiting"]
    assert again["id"] != pause["id"]
    assert again["arguments"][1]["value"] == "Your order ships Monday."
    assert effects.rows() == []
    stale = await client.post(f"/threads/{THREAD}/resume", json=answer(pause))
    assert stale.status_code == 409
    approved = await client.post(f"/threads/{THREAD}/resume", json=answer(again))
    assert approved.json()["reply"] == "Sent to ana@example.com: Your order ships Monday."
    edit = {"type": "edit", "args": {"action": "send_email", "args": edited}}
    assert effects.rows() == [("review", repr(edit))]


async def test_an_edit_where_the_graph_allows_none_is_refused_and_it_still_waits(
    tmp_path: Path, effects: Effects, client_of: Client
) -> None:
    config = {**EVERYTHING, "allow_edit": False}
    client = await door_client(tmp_path, effects, client_of, config)
    (pause,) = (await say(client, "Your order shipped."))["waiting"]

    body = answer(pause, value={"args": {"to": "eve@example.com", "body": "x"}})
    response = await client.post(f"/threads/{THREAD}/resume", json=body)

    assert response.status_code == 422
    assert "does not allow edits" in response.json()["detail"]
    listed = (await client.get(f"/threads/{THREAD}/interrupts")).json()["interrupts"]
    assert [item["id"] for item in listed] == [pause["id"]]


async def test_a_correction_naming_the_confirm_kind_is_refused_where_it_is_not_editable(
    tmp_path: Path, effects: Effects, client_of: Client
) -> None:
    client = await door_client(tmp_path, effects, client_of, {**EVERYTHING, "allow_edit": False})
    (pause,) = (await say(client, "Your order shipped."))["waiting"]

    body = answer(pause, kind="confirm", value={"args": {"to": "eve@example.com", "body": "x"}})
    response = await client.post(f"/threads/{THREAD}/resume", json=body)

    assert response.status_code == 422
    assert "takes no correction" in response.json()["detail"]
    assert effects.rows() == []


async def test_a_correction_naming_the_confirm_kind_asks_again_where_it_is_editable(
    tmp_path: Path, effects: Effects, client_of: Client
) -> None:
    client = await door_client(tmp_path, effects, client_of, EVERYTHING)
    (pause,) = (await say(client, "Your order shipped."))["waiting"]
    edited = {"to": "ana@example.com", "body": "It ships Monday."}

    body = answer(pause, kind="confirm", value={"args": edited})
    response = await client.post(f"/threads/{THREAD}/resume", json=body)

    assert response.status_code == 200, response.text
    assert [a["value"] for a in response.json()["waiting"][0]["arguments"]] == list(edited.values())
    assert effects.rows() == []


@pytest.mark.parametrize("decision", ["approve", "cancel_all"])
async def test_an_answer_the_graph_does_not_allow_is_refused(
    tmp_path: Path, effects: Effects, client_of: Client, decision: str
) -> None:
    client = await door_client(tmp_path, effects, client_of, README)
    (pause,) = (await say(client, "Your order shipped."))["waiting"]

    response = await client.post(f"/threads/{THREAD}/resume", json=answer(pause, decision))

    assert response.status_code == 422
    assert "takes skip" in response.json()["detail"]
    assert effects.rows() == []


async def test_the_runtime_context_of_the_answering_request_reaches_the_resumed_node(
    tmp_path: Path, client_of: Client
) -> None:
    def ask(state: MessagesState, runtime: Runtime[Customer]) -> dict[str, Any]:
        answer = interrupt("Go on?")
        said = f"{answer['decision']} for {runtime.context['customer']}"
        return {"messages": [AIMessage(content=said)]}

    builder = StateGraph(MessagesState, context_schema=Customer)
    builder.add_node("ask", ask)
    builder.add_edge(START, "ask")
    builder.add_edge("ask", END)
    graph = builder.compile(checkpointer=InMemorySaver())
    app = make_resume_app(graph, store=SqliteRunStore(tmp_path / "runs.db"), context=customer)
    client = client_of(app)
    (pause,) = (await say(client, "Hi"))["waiting"]

    headers = {"x-customer": "bo@example.com"}
    response = await client.post(f"/threads/{THREAD}/resume", json=answer(pause), headers=headers)

    assert response.json()["reply"] == "approve for bo@example.com"


class Talk(MessagesState):
    """The turn's talk with the model: each question it asked back with its answer, its call."""

    asked: list[dict[str, str]]
    question: dict[str, str] | None
    call: dict[str, Any] | None


def model_graph(base: str) -> Any:
    """A graph whose node asks a real model client (on the fake provider) what to do, as Agent
    Inbox's docs show: a question back pauses as a respond-only request, a call for approval."""
    provider = provider_at("openai", base, "sk-inbox")

    async def model(state: Talk) -> dict[str, Any]:
        asked = [Asked(**each) for each in state.get("asked") or []]
        said = await provider.propose(str(state["messages"][0].content), CATALOGUE, "en", asked)
        if said.question is not None:
            return {"question": said.question.model_dump(), "call": None}
        (call,) = said.calls
        args = {name: value.value for name, value in call.args.items()}
        return {"question": None, "call": {"action": call.tool, "args": args}}

    def ask(state: Talk) -> dict[str, Any]:
        question = state["question"] or {}
        request = {
            "action_request": {"action": ASK_PERSON.name, "args": {}},
            "config": RESPOND_ONLY,
            "description": question["text"],
        }
        response = interrupt([request])[0]
        told = {"id": question["id"], "question": question["text"], "answer": response["args"]}
        return {"asked": [*(state.get("asked") or []), told]}

    def review(state: Talk) -> dict[str, Any]:
        request = {
            "action_request": state["call"],
            "config": {**README, "allow_accept": True, "allow_respond": False},
            "description": "Go ahead?",
        }
        response = interrupt([request])[0]
        return {"messages": [AIMessage(content=response["type"])]}

    builder = StateGraph(Talk)
    builder.add_node("model", model)
    builder.add_node("ask", ask)
    builder.add_node("review", review)
    builder.add_edge(START, "model")
    builder.add_conditional_edges("model", lambda state: "ask" if state["question"] else "review")
    builder.add_edge("ask", "model")
    builder.add_edge("review", END)
    return builder.compile(checkpointer=InMemorySaver())


async def test_a_respond_to_the_models_question_reaches_it_and_its_call_waits_as_its_own(
    tmp_path: Path, client_of: Client, provider_server: FakeProvider
) -> None:
    provider_server.then(
        Calls(("ask_person", {"question": "Which order do you mean?"})),
        Calls(("charge_card", {"amount": 40, "order_id": "4411"})),
    )
    store = SqliteRunStore(tmp_path / "runs.db")
    client = client_of(make_resume_app(model_graph(provider_server.base), store=store))
    (asked,) = (await say(client, "settle what I owe"))["waiting"]
    assert (asked["kind"], asked["choices"]) == ("ask", ["answer"])
    assert asked["question"] == "Which order do you mean?"

    body = answer(asked, "answer", value="Order 4411, forty euros.")
    response = await client.post(f"/threads/{THREAD}/resume", json=body)

    assert response.status_code == 200, response.text
    fed = provider_server.models()[-1].body["messages"][-2:]
    assert fed[0]["tool_calls"][0]["function"]["name"] == "ask_person"
    assert fed[1] == {
        "role": "tool",
        "tool_call_id": "call_0",
        "content": "Order 4411, forty euros.",
    }
    (charge,) = response.json()["waiting"]
    assert (charge["kind"], charge["tool"], charge["choices"]) == (
        "confirm",
        "charge_card",
        ["approve", "skip"],
    )
    assert [(a["name"], a["value"], a["origin"]) for a in charge["arguments"]] == [
        ("amount", 40, "model"),
        ("order_id", "4411", "model"),
    ]


@pytest.mark.parametrize(
    ("config", "body", "problem"),
    [
        (RESPOND_ONLY, {"decision": "answer", "value": "  "}, "needs an answer"),
        (RESPOND_ONLY, {"decision": "answer"}, "value"),
        (README, {"decision": "answer", "value": "Say it ships Monday."}, "takes skip"),
    ],
)
async def test_a_respond_that_is_empty_or_not_allowed_is_refused_and_it_still_waits(
    tmp_path: Path,
    effects: Effects,
    client_of: Client,
    config: dict[str, bool],
    body: dict[str, Any],
    problem: str,
) -> None:
    client = await door_client(tmp_path, effects, client_of, config)
    (pause,) = (await say(client, "Your order shipped."))["waiting"]

    response = await client.post(f"/threads/{THREAD}/resume", json={**answer(pause), **body})

    assert response.status_code == 422, response.text
    assert problem in str(response.json()["detail"])
    assert effects.rows() == []
    assert [
        p["id"] for p in (await client.get(f"/threads/{THREAD}/interrupts")).json()["interrupts"]
    ] == [pause["id"]]
