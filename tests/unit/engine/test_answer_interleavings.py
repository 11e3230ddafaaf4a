"""Random interleavings and duplicates of answers from two workers sharing one store.

Whatever the order: no tool runs twice, no pause is lost, and each pause has at most one
winning answer (exactly one when the store says it was answered). On SQLite the two workers
are two desks in this process; on PostgreSQL the second is another process.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import uuid
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from fixture_ledger import Ledger
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from stalwart_agents._generated.models import Interrupt
from stalwart_agents._generated.spec import ANSWERS
from stalwart_agents.desk import Desk
from stalwart_agents.door import read_interrupt
from stalwart_agents.errors import InterruptStale, InvalidAnswer
from stalwart_agents.store import RunStore

from .helpers import CONTEXT

AGENTS = Path(__file__).parents[2] / "fixtures" / "agents"
SHOP, WORKER = AGENTS / "shop.yaml", AGENTS / "fixture_worker.py"
Outcome = tuple[str, list[Interrupt]]


class InProcess:
    """A worker that is a desk in this process."""

    def __init__(self, desk: Desk) -> None:
        self.desk = desk

    async def resume(self, thread: str, pause: Interrupt, decision: str) -> Outcome:
        shown = pause
        try:
            reply = await self.desk.resume(thread, shown.id, decision, shown.token)
        except (InterruptStale, InvalidAnswer) as error:
            return type(error).__name__, []
        return "ok", reply.waiting


class OtherProcess:
    """A worker that is another process, answering JSON lines."""

    def __init__(self, store_url: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, str(WORKER), store_url, "parallel", "serve"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert self.process.stdout is not None and self.process.stdout.readline() == "ready\n"

    async def resume(self, thread: str, pause: Interrupt, decision: str) -> Outcome:
        shown = pause
        line = json.dumps(
            {"thread": thread, "pause": shown.id, "decision": decision, "token": shown.token}
        )
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()
        answer = json.loads(await asyncio.to_thread(self.process.stdout.readline))
        if not answer["ok"]:
            return answer["error"], []
        return "ok", [read_interrupt(p) for p in answer["waiting"]]

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait(timeout=30)


class Answers(RuleBasedStateMachine):
    """Turns and answers in any order, from either worker or both at once."""

    def __init__(
        self,
        loop: asyncio.AbstractEventLoop,
        first: Desk,
        workers: list[InProcess | OtherProcess],
        ledger: Ledger,
    ) -> None:
        super().__init__()
        self.loop, self.first, self.workers, self.ledger = loop, first, workers, ledger
        self.prefix = uuid.uuid4().hex[:8]
        self.turns = 0
        self.known: dict[str, tuple[str, Interrupt]] = {}
        self.wins: Counter[str] = Counter()
        self.approved: set[str] = set()

    def learn(self, thread: str, waiting: list[Interrupt]) -> None:
        for pause in waiting:
            self.known.setdefault(pause.id, (thread, pause))

    @rule(thread=st.sampled_from(["a", "b"]))
    def turn(self, thread: str) -> None:
        self.turns += 1
        name = f"{self.prefix}-{thread}"
        reply = self.loop.run_until_complete(
            self.first.turn(name, f"{self.prefix}{self.turns}-", context=CONTEXT)
        )
        self.learn(name, reply.waiting)

    @precondition(lambda self: bool(self.known))
    @rule(data=st.data(), who=st.sampled_from(["first", "second", "both"]))
    def answer(self, data: st.DataObject, who: str) -> None:
        ident = data.draw(st.sampled_from(sorted(self.known)))
        thread, pause = self.known[ident]
        decision = data.draw(st.sampled_from([*ANSWERS["confirm"], "happened"]))
        workers = self.workers
        chosen = {"first": workers[:1], "second": workers[1:], "both": workers}[who]

        async def all_at_once() -> list[Outcome]:
            return await asyncio.gather(*(w.resume(thread, pause, decision) for w in chosen))

        for status, waiting in self.loop.run_until_complete(all_at_once()):
            assert status in ("ok", "InterruptStale", "InvalidAnswer"), status
            if decision not in pause.choices:
                assert status != "ok"
            if status == "ok":
                self.wins[ident] += 1
                if decision == "approve":
                    self.approved.add(ident)
                self.learn(thread, waiting)

    @invariant()
    def each_pause_has_at_most_one_winner(self) -> None:
        assert all(count <= 1 for count in self.wins.values()), self.wins

    @invariant()
    def no_tool_runs_twice(self) -> None:
        orders = Counter(call["args"]["order_id"] for call in self.ledger.calls("charge_card"))
        assert all(count == 1 for count in orders.values()), orders
        for ident in self.approved:
            shown = self.known[ident][1]
            order = next(a.value for a in shown.arguments if a.name == "order_id")
            assert orders[order] == 1, (order, orders)

    @invariant()
    def no_pause_is_lost(self) -> None:
        async def look() -> None:
            for ident, (thread, _) in self.known.items():
                found = await self.first.store.pause(ident)
                assert found is not None
                assert (found["state"] == "answered") == (self.wins[ident] == 1), found
                if found["state"] == "open":
                    waiting = [p.id for p in await self.first.waiting(thread)]
                    assert ident in waiting

        self.loop.run_until_complete(look())


def check_interleavings(
    store_url: str, new_store: Callable[[], RunStore], ledger: Ledger, second_process: bool
) -> None:
    loop = asyncio.new_event_loop()
    first = Desk(SHOP, agent="parallel", store=new_store())
    loop.run_until_complete(first.open())
    second: InProcess | OtherProcess
    if second_process:
        second = OtherProcess(store_url)
    else:
        other = Desk(SHOP, agent="parallel", store=new_store())
        loop.run_until_complete(other.open())
        second = InProcess(other)
    workers: list[InProcess | OtherProcess] = [InProcess(first), second]
    try:
        run_state_machine_as_test(
            lambda: Answers(loop, first, workers, ledger),
            settings=settings(
                max_examples=12,
                stateful_step_count=10,
                deadline=None,
                suppress_health_check=[HealthCheck.too_slow],
            ),
        )
    finally:
        if isinstance(second, OtherProcess):
            second.close()
        else:
            loop.run_until_complete(second.desk.close())
        loop.run_until_complete(first.close())
        loop.run_until_complete(loop.shutdown_default_executor())
        loop.close()


def test_answers_from_two_workers_in_any_order(
    store_url: str, new_store: Callable[[], RunStore], ledger: Ledger
) -> None:
    check_interleavings(store_url, new_store, ledger, second_process=not store_url.endswith(".db"))
