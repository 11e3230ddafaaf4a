"""Real LangGraph graphs for the door's tests: nodes that wait for a person, and what they did."""

from __future__ import annotations

import operator
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Annotated, Any, TypedDict

from langchain_core.messages import AIMessage
from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.graph import END, START, MessagesState, StateGraph
from langgraph.graph.state import CompiledStateGraph
from langgraph.runtime import Runtime
from langgraph.types import interrupt

# A graph tool's words, as make_resume_app(tools=...) takes them: its title and result labels.
INBOX_WORDS = {
    "read_inbox": {
        "title": {"en": "Read the inbox", "pt-BR": "Ler a caixa de entrada"},
        "result": {
            "from": {"label": {"en": "From", "pt-BR": "De"}},
            "subject": {"label": {"en": "Subject", "pt-BR": "Assunto"}},
            "total": {"label": {"en": "Total", "pt-BR": "Total"}, "currency": "USD"},
        },
    }
}

CHARGE = {
    "tool": "charge_card",
    "args": {"amount": 40, "order_id": "4411"},
    "origins": {"amount": "typed", "order_id": "typed"},
    "reasons": ["write"],
}
EMAIL = {
    "tool": "send_email",
    "arguments": [
        {"name": "to", "value": "ana@example.com", "origin": "context"},
        {"name": "body", "value": "Your order shipped.", "origin": "model"},
    ],
    "reasons": ["write"],
    "irreversible": True,
}


class State(TypedDict):
    done: Annotated[list[str], operator.add]


class Effects:
    """A real table of what the nodes did after their answer: one row per node that went on."""

    def __init__(self, path: Path) -> None:
        self.path = path
        with closing(sqlite3.connect(path)) as db, db:
            db.execute("CREATE TABLE IF NOT EXISTS effects (node TEXT, answer TEXT)")

    def record(self, node: str, answer: Any) -> None:
        with closing(sqlite3.connect(self.path, timeout=30)) as db, db:
            db.execute("INSERT INTO effects VALUES (?, ?)", (node, repr(answer)))

    def rows(self) -> list[tuple[str, str]]:
        with closing(sqlite3.connect(self.path)) as db:
            return list(db.execute("SELECT node, answer FROM effects ORDER BY rowid"))


def side_by_side(effects: Effects, checkpointer: BaseCheckpointSaver[Any]) -> CompiledStateGraph:
    """Two nodes that run side by side and each wait for a person: a charge and an e-mail."""

    def charge(state: State) -> dict[str, list[str]]:
        answer = interrupt(CHARGE)
        effects.record("charge", answer)
        return {"done": ["charge"]}

    def email(state: State) -> dict[str, list[str]]:
        answer = interrupt(EMAIL)
        effects.record("email", answer)
        return {"done": ["email"]}

    graph = StateGraph(State)
    graph.add_node("charge", charge)
    graph.add_node("email", email)
    graph.add_edge(START, "charge")
    graph.add_edge(START, "email")
    graph.add_edge("charge", END)
    graph.add_edge("email", END)
    return graph.compile(checkpointer=checkpointer)


def one_question(
    effects: Effects, checkpointer: BaseCheckpointSaver[Any], payload: Any
) -> CompiledStateGraph:
    """One node that waits on the given payload, then records the answer."""

    def ask(state: State) -> dict[str, list[str]]:
        answer = interrupt(payload)
        effects.record("ask", answer)
        return {"done": ["ask"]}

    graph = StateGraph(State)
    graph.add_node("ask", ask)
    graph.add_edge(START, "ask")
    graph.add_edge("ask", END)
    return graph.compile(checkpointer=checkpointer)


def gated(
    effects: Effects, checkpointer: BaseCheckpointSaver[Any], started: Any, gate: Any
) -> CompiledStateGraph:
    """One charge that, once answered, says it started and holds its worker until the gate opens."""

    def charge(state: State) -> dict[str, list[str]]:
        answer = interrupt(CHARGE)
        started.set()
        gate.wait(30)
        effects.record("charge", answer)
        return {"done": ["charge"]}

    graph = StateGraph(State)
    graph.add_node("charge", charge)
    graph.add_edge(START, "charge")
    graph.add_edge("charge", END)
    return graph.compile(checkpointer=checkpointer)


class InboxState(MessagesState):
    pass


class Customer(TypedDict):
    """The runtime context: who the e-mail goes to."""

    customer: str


def inbox_agent(
    effects: Effects, checkpointer: BaseCheckpointSaver[Any], config: dict[str, bool]
) -> CompiledStateGraph[Any, Any, Any, Any]:
    """An e-mail agent that pauses as Agent Inbox's docs show: `interrupt([request])[0]`.

    Its model node writes one send_email tool call to the customer the runtime context names;
    its review node asks about that call with the config given, then acts on the response.
    """

    def model(state: InboxState, runtime: Runtime[Customer]) -> dict[str, Any]:
        words = str(state["messages"][-1].content)
        args = {"to": runtime.context["customer"], "body": words}
        call = {"name": "send_email", "args": args, "id": f"call-{len(state['messages'])}"}
        return {"messages": [AIMessage(content="", tool_calls=[call])]}

    def review(state: InboxState) -> dict[str, Any]:
        message = state["messages"][-1]
        assert isinstance(message, AIMessage)
        tool_call = message.tool_calls[0]
        request = {
            "action_request": {"action": tool_call["name"], "args": tool_call["args"]},
            "config": config,
            "description": f"Send this e-mail to {tool_call['args']['to']}?",
        }
        response = interrupt([request])[0]
        effects.record("review", response)
        if response["type"] in {"accept", "edit"}:
            sent = response["args"]["args"]
            text = f"Sent to {sent['to']}: {sent['body']}"
        elif response["type"] == "response":
            text = f"Noted: {response['args']}"
        else:
            text = "Not sent."
        return {"messages": [AIMessage(content=text)]}

    graph = StateGraph(InboxState, context_schema=Customer)
    graph.add_node("model", model)
    graph.add_node("review", review)
    graph.add_edge(START, "model")
    graph.add_edge("model", "review")
    graph.add_edge("review", END)
    return graph.compile(checkpointer=checkpointer)
