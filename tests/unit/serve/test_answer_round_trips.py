"""POST /resume reads its pause once, in the door, so an answer costs the store four round trips
at most: the pause, the session's staff standing, the claim, and the run's pass."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from stalwart_agents import Desk
from stalwart_agents.plan import Call, Plan, Value
from stalwart_agents.serve import make_app
from stalwart_agents.serve._sessions import COOKIE

from .helpers import turn

# The contract agent's charge without its amount: an ask for a number.
HOW_MUCH = Plan(
    calls=(Call(tool="charge", args={"order_id": Value(value="4411", origin="typed")}),),
    text="charge order 4411",
)


class Counted:
    """A served desk, its store's round trips, and each read of a pause, by the read's name."""

    def __init__(self, agent: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        self.desk = Desk(agent)
        self.reads: list[str] = []
        for name in ("pause", "open_pauses"):
            monkeypatch.setattr(self.desk.store, name, self._counted(name))
        self.client = TestClient(make_app(self.desk))

    def _counted(self, name: str) -> Any:
        read = getattr(self.desk.store, name)

        async def counted(*args: Any) -> Any:
            self.reads.append(name)
            return await read(*args)

        return counted

    def answer(self, body: dict[str, Any]) -> tuple[Any, int]:
        """The reply to one answer, and the store round trips it cost; reads start afresh."""
        self.reads.clear()
        before = self.desk.store.round_trips
        response = self.client.post("/threads/t-1/resume", json=body)
        assert response.status_code == 200, response.text
        return response.json(), self.desk.store.round_trips - before


@pytest.fixture
def counted(contract_agent: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Counted]:
    served = Counted(contract_agent, monkeypatch)
    with served.client:
        yield served


def test_a_confirmation_naming_its_kind_reads_its_pause_once(counted: Counted) -> None:
    [pause] = turn(counted.client)["waiting"]
    body = {"kind": "confirm", "interrupt_id": pause["id"], "token": pause["token"]}
    reply, round_trips = counted.answer({**body, "decision": "approve"})
    assert reply["waiting"] == []
    assert counted.reads == ["pause"]
    assert round_trips == 4


def test_a_decision_naming_no_kind_reads_no_pause_before_its_claim(counted: Counted) -> None:
    [pause] = turn(counted.client)["waiting"]
    body = {"interrupt_id": pause["id"], "token": pause["token"], "decision": "approve"}
    reply, round_trips = counted.answer(body)
    assert reply["waiting"] == []
    assert counted.reads == []
    assert round_trips == 3


def test_an_ask_s_answer_reads_its_pause_once_and_not_its_run(counted: Counted) -> None:
    turn(counted.client, thread="t-0")
    named = counted.client.cookies.get(COOKIE)
    asked = counted.client.portal.call(  # type: ignore[union-attr]
        lambda: counted.desk.turn("t-1", HOW_MUCH, session=named)
    ).waiting[0]
    assert (asked.kind, asked.type) == ("ask", "number")
    body = {"kind": "ask", "type": "number", "interrupt_id": asked.id, "token": asked.token}
    reply, round_trips = counted.answer({**body, "decision": "answer", "value": "40"})
    assert [p["kind"] for p in reply["waiting"]] == ["confirm"]
    assert counted.reads == ["pause"]
    assert round_trips == 4
