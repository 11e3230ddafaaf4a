"""Real LangGraph graphs for the door's tests: nodes that wait for a person, and what they did."""

from __future__ import annotations

import operator
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Annotated, Any, TypedDict

from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.graph import END, START, StateGraph
from langgraph.graph.state import CompiledStateGraph
from langgraph.types import interrupt

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
