"""The LangGraph door's cost: a team's graph resumed through GraphDoor against resumed by hand.

One cycle is a turn whose node calls interrupt(), then the approval. By hand, the approval is
`ainvoke(Command(resume={id: ...}))`; through the door it is `GraphDoor.resume`, which also reads
the state, checks the id and token, and claims the answer in the run store first. Reported:
cycles per second and the resume's p50 and p99, both ways, on AsyncSqliteSaver with
SqliteRunStore, or on AsyncPostgresSaver with PostgresRunStore when a DSN is given. Not a test:
run it, read it.

    .venv/bin/python bench/langgraph_door.py [--cycles 200] [--postgres DSN]
"""

from __future__ import annotations

import argparse
import asyncio
import operator
import statistics
import tempfile
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any, TypedDict

from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.graph import END, START, StateGraph
from langgraph.types import Command, interrupt

from stalwart_agents.langchain import GraphDoor
from stalwart_agents.store import RunStore

CHARGE = {"tool": "charge_card", "args": {"amount": 40, "order_id": "4411"}}


class State(TypedDict):
    done: Annotated[list[str], operator.add]


def graph_over(saver: BaseCheckpointSaver[Any]) -> Any:
    def charge(state: State) -> State:
        interrupt(CHARGE)
        return {"done": ["charge"]}

    graph = StateGraph(State)
    graph.add_node("charge", charge)
    graph.add_edge(START, "charge")
    graph.add_edge("charge", END)
    return graph.compile(checkpointer=saver)


Cycle = Callable[[str], Awaitable[float]]


async def measure(name: str, cycle: Cycle, cycles: int) -> None:
    """Run the cycles on fresh threads and print the rate and the resume's latency."""
    for n in range(10):
        await cycle(f"warm-{name}-{n}")
    started = time.perf_counter()
    resumes = [await cycle(f"{name}-{n}") for n in range(cycles)]
    total = time.perf_counter() - started
    resumes.sort()
    p99 = resumes[min(len(resumes) - 1, int(len(resumes) * 0.99))]
    print(
        f"  {name:<8} {cycles / total:8.1f} cycles/s   resume p50 "
        f"{statistics.median(resumes) * 1000:6.2f} ms   p99 {p99 * 1000:6.2f} ms"
    )


def by_hand(graph: Any) -> Cycle:
    async def cycle(thread: str) -> float:
        config = {"configurable": {"thread_id": thread}}
        [waiting] = (await graph.ainvoke({"done": []}, config))["__interrupt__"]
        started = time.perf_counter()
        await graph.ainvoke(Command(resume={waiting.id: {"decision": "approve"}}), config)
        return time.perf_counter() - started

    return cycle


def through(door: GraphDoor) -> Cycle:
    async def cycle(thread: str) -> float:
        reply = await door.invoke({"done": []}, {"configurable": {"thread_id": thread}})
        [waiting] = reply.waiting
        started = time.perf_counter()
        await door.resume(thread, waiting.id, "approve", waiting.token)
        return time.perf_counter() - started

    return cycle


@asynccontextmanager
async def sqlite(folder: Path) -> AsyncIterator[tuple[BaseCheckpointSaver[Any], RunStore]]:
    from langgraph.checkpoint.sqlite.aio import AsyncSqliteSaver

    from stalwart_agents.store.sqlite import SqliteRunStore

    async with (
        AsyncSqliteSaver.from_conn_string(str(folder / "checkpoints.db")) as saver,
        SqliteRunStore(folder / "runs.db") as store,
    ):
        yield saver, store


@asynccontextmanager
async def postgres(dsn: str) -> AsyncIterator[tuple[BaseCheckpointSaver[Any], RunStore]]:
    from langgraph.checkpoint.postgres.aio import AsyncPostgresSaver

    from stalwart_agents.store.postgres import PostgresRunStore

    async with (
        AsyncPostgresSaver.from_conn_string(dsn) as saver,
        PostgresRunStore(dsn) as store,
    ):
        await saver.setup()
        yield saver, store


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cycles", type=int, default=200)
    parser.add_argument("--postgres", metavar="DSN", help="a database to use instead of SQLite")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="stalwart-door-bench-") as folder:
        backend = postgres(options.postgres) if options.postgres else sqlite(Path(folder))
        async with backend as (saver, store):
            print("PostgreSQL" if options.postgres else "SQLite")
            graph = graph_over(saver)
            await measure("by hand", by_hand(graph), options.cycles)
            await measure("door", through(GraphDoor(graph, store=store)), options.cycles)


if __name__ == "__main__":
    asyncio.run(main())
