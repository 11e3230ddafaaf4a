"""Served: concurrent conversations against real `stalwart serve` processes, and keep-alive.

Not a test: run it, read it. Each part starts its own `stalwart serve` processes on loopback:

- conversations: C concurrent conversations (C = 1, 16, 64, 256) of message -> pause ->
  approve over HTTP with keep-alive, on 1 worker on SQLite and on 1 and 2 workers sharing one
  PostgreSQL. It prints cycles/s (and per worker), each request's p50 and p99, the errors,
  the CPU the workers and the load generator used, and checks from the tool's own ledger that
  every approval ran its charge exactly once.
- keepalive: conversations that think about as long as the server keeps an idle connection
  (uvicorn's 5 s default) while other conversations keep the worker busy, once with
  `--keep-alive 5` and once with the default; it prints the client-side errors of each.
- anchors: in the same run, PostgreSQL's commit rate from 1 and 16 connections, with and
  without a NOTIFY in each commit (group commit, and what stops it), bench/commit_rate.py's
  raw commit rate, and bench/resume.py's sequential in-process Stalwart and LangGraph figures,
  on the same databases.

A new part (the live streams) is one more entry in PARTS.

    .venv/bin/python bench/serve.py [--part conversations|keepalive|anchors|all]
        [--concurrency 1,16,64,256] [--seconds 10] [--setups sqlite,pg1,pg2] [--repeat 1]

PostgreSQL is STALWART_BENCH_DATABASE_URL when set, or else an embedded server started here;
`--flush-delay-ms 2` gives the embedded one a disk that flushes like a network volume
(bench/slow_flush.py), to see what group commit gives where the flush is what a cycle waits for.
The load generator runs in --clients processes (2 by default), so it is not limited to one
core's Python; its CPU is printed beside the workers'. Each conversation keeps one keep-alive
connection of bench/http1.py, which costs the client a fraction of httpx's CPU, so on a small
machine the worker, not the client, gets the cores; `--client httpx` drives the conversations
through one httpx pool a process instead.
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import os
import pstats
import random
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field, replace
from multiprocessing import get_context
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).parent))

import http1
import streams as live
from cycle_profile import print_profile
from pg_cost import Costs, Sample, pgbouncer
from resume import AGENT as RESUME_AGENT
from resume import TOOLS as RESUME_TOOLS
from resume import Figures, on_postgres, on_sqlite, percentile, postgres_server
from served_anchor import Anchor, in_process
from soak import as_url

from stalwart_agents.serve._sessions import COOKIE, HEADER

STALWART = Path(sys.executable).with_name("stalwart")
BARE_SERVER = Path(__file__).with_name("bare_server.py")
CONCURRENCY = (1, 16, 64, 256)

AGENT = """\
agents:
  - name: served
    vocabulary: vocabulary.yaml
tools:
  charge:
    function: served_tools:charge
    write: true
    arguments:
      amount: {{type: number}}
      order_id: {{type: string}}
storage: {storage}
"""
VOCABULARY = """\
settings:
  language: en
tools:
  charge:
    slots:
      amount: {type: money, example: 40}
      order_id: {type: identifier, example: "4411"}
    phrases:
      en: ["charge {amount} to the order {order_id}"]
    examples:
      en: [charge 40 to order 4411]
"""
# The tool's own data: one line per charge made, appended in one write, so two workers'
# lines never interleave. The bench counts them: every approval must appear exactly once.
TOOLS = """\
import os

_LEDGER = os.open(os.environ["SERVED_LEDGER"], os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)

def charge(amount, order_id):
    os.write(_LEDGER, (order_id + "\\n").encode())
    return {"charge_id": "ch-" + order_id}
"""


@dataclass(frozen=True)
class Load:
    """What one load-generating process drives."""

    urls: tuple[str, ...]
    first: int
    """The index of its first conversation; its conversations are first, first + 1, ..."""
    conversations: int
    start: float
    """time.time() at which every process begins, so they run side by side."""
    warmup: float
    seconds: float
    think: tuple[float, float] = (0.0, 0.0)
    """Seconds a conversation waits between the pause and its approval, drawn uniformly."""
    busy: int = 0
    """Conversations 0 to busy - 1 approve at once, keeping the worker busy meanwhile."""
    client: str = "light"
    """"light": a connection of bench/http1.py per conversation; "httpx": one httpx pool."""


@dataclass
class Tally:
    """What the clients did and saw: the cycles that ended within the timed window, unless said
    otherwise."""

    cycles: int = 0
    latencies: dict[str, list[float]] = field(
        default_factory=lambda: {"message": [], "approve": []}
    )
    errors: Counter[str] = field(default_factory=Counter)
    """Every failed request, timed or not, by what went wrong."""
    approved: list[str] = field(default_factory=list)
    """The order id of every approval answered 200, timed or not."""
    cpu: float = 0.0
    wall: float = 0.0

    def add(self, other: Tally) -> None:
        self.cycles += other.cycles
        for kind, samples in other.latencies.items():
            self.latencies[kind] += samples
        self.errors += other.errors
        self.approved += other.approved
        self.cpu += other.cpu
        self.wall = max(self.wall, other.wall)


Post = Callable[[str, dict[str, Any], dict[str, str]], Awaitable[httpx.Response]]
"""POST (url, JSON body, headers): a conversation's own connection, or the shared httpx pool."""


async def _request(
    post: Post, url: str, body: dict[str, Any], headers: dict[str, str], tally: Tally
) -> httpx.Response | None:
    try:
        reply = await post(url, body, headers)
    except (httpx.HTTPError, *http1.ERRORS) as error:
        tally.errors[type(error).__name__] += 1
        return None
    if reply.status_code != 200:
        tally.errors[f"HTTP {reply.status_code}"] += 1
        return None
    return reply


async def _converse(
    post: Post, load: Load, index: int, tally: Tally, window: tuple[float, float]
) -> None:
    """One person: a charge, its pause, the approval; again until the window closes."""
    url = load.urls[index % len(load.urls)]
    headers: dict[str, str] = {}
    cycle = 0
    while time.perf_counter() < window[1]:
        cycle += 1
        thread, order = f"t{index}-{cycle}", f"o{index}x{cycle}"
        began = time.perf_counter()
        body = {"text": f"charge 40 to the order {order}"}
        said = await _request(post, f"{url}/threads/{thread}/messages", body, headers, tally)
        if said is None:
            continue
        # As the chat's page does: the header, and the cookie its browser keeps.
        session = said.headers[HEADER]
        headers = {HEADER: session, "Cookie": f"{COOKIE}={session}"}
        asked = time.perf_counter()
        [pause] = said.json()["waiting"]
        if load.think[1] and index >= load.busy:
            await asyncio.sleep(random.uniform(*load.think))
        answer = {"interrupt_id": pause["id"], "token": pause["token"], "decision": "approve"}
        approving = time.perf_counter()
        done = await _request(post, f"{url}/threads/{thread}/resume", answer, headers, tally)
        ended = time.perf_counter()
        if done is None:
            continue
        if done.json()["waiting"]:
            tally.errors["approval left a pause"] += 1
        tally.approved.append(order)
        if window[0] <= ended <= window[1]:
            tally.cycles += 1
            tally.latencies["message"].append(asked - began)
            tally.latencies["approve"].append(ended - approving)


async def _drive(load: Load) -> Tally:
    tally = Tally()
    limits = httpx.Limits(max_connections=load.conversations)
    async with httpx.AsyncClient(timeout=120, limits=limits, trust_env=False) as client:
        indexes = range(load.first, load.first + load.conversations)
        connections = [
            http1.Connection(load.urls[n % len(load.urls)])
            for n in indexes
            if load.client == "light"
        ]
        pool = functools.partial(_pooled, client)
        posts: list[Post] = [c.post for c in connections] or [pool] * len(indexes)
        await asyncio.sleep(max(0.0, load.start - time.time()))
        began = time.perf_counter()
        window = (began + load.warmup, began + load.warmup + load.seconds)
        cpu = time.process_time()
        talks = zip(posts, indexes, strict=True)
        await asyncio.gather(*(_converse(post, load, n, tally, window) for post, n in talks))
        tally.cpu = time.process_time() - cpu
        tally.wall = time.perf_counter() - began
        for connection in connections:
            connection.close()
    return tally


async def _pooled(
    client: httpx.AsyncClient, url: str, body: dict[str, Any], headers: dict[str, str]
) -> httpx.Response:
    return await client.post(url, json=body, headers=headers)


def drive(load: Load) -> Tally:
    """In a load-generating process: its conversations on one event loop."""
    return asyncio.run(_drive(load))


def split(conversations: int, processes: int) -> list[tuple[int, int]]:
    """(first, count) for each process that gets at least one conversation."""
    shares = [
        conversations // processes + (n < conversations % processes) for n in range(processes)
    ]
    firsts = [sum(shares[:n]) for n in range(processes)]
    return [(first, share) for first, share in zip(firsts, shares, strict=True) if share]


def cpu_seconds(pid: int) -> float:
    """A process's user + system CPU so far, from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@dataclass
class Workers:
    """`stalwart serve` processes on one agent file, and the ledger their tool writes."""

    urls: list[str]
    processes: list[subprocess.Popen[bytes]]
    ledger: Path

    def cpu(self) -> float:
        return sum(cpu_seconds(process.pid) for process in self.processes)

    def charges(self) -> Counter[str]:
        return Counter(self.ledger.read_text().split()) if self.ledger.exists() else Counter()


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def write_agent(folder: Path, storage: str) -> Path:
    """The served agent file, its vocabulary and its tool in `folder`; the tool's ledger."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "agent.yaml").write_text(AGENT.format(storage=storage))
    (folder / "vocabulary.yaml").write_text(VOCABULARY)
    (folder / "served_tools.py").write_text(TOOLS)
    return folder / "ledger.txt"


@contextmanager
def serving(
    folder: Path,
    storage: str,
    count: int,
    *options: str,
    profile: Path | None = None,
    code: Path | None = None,
) -> Iterator[Workers]:
    """`count` workers of one agent file in `folder`, stopped with Ctrl-C afterwards; with a
    profile, the first runs under cProfile and writes its statistics there as it stops; with
    `code`, the workers import stalwart_agents from that folder (another revision's)."""
    ledger = write_agent(folder, storage)
    env = {
        **os.environ,
        "SERVED_LEDGER": str(ledger),
        "PYTHONPATH": os.pathsep.join([str(folder), *([str(code)] if code else []), *sys.path]),
    }
    workers = Workers([], [], ledger)
    with ExitStack() as stack:
        for _ in range(count):
            port = free_port()
            log = stack.enter_context((folder / f"serve-{port}.log").open("w"))
            command = [str(STALWART), "serve", str(folder / "agent.yaml"), f"--port={port}"]
            if profile is not None and not workers.processes:
                command = [sys.executable, "-m", "cProfile", "-o", str(profile), *command]
            process = subprocess.Popen(
                [*command, *options], stdout=log, stderr=subprocess.STDOUT, env=env
            )
            stack.callback(_stop, process)
            workers.processes.append(process)
            workers.urls.append(f"http://127.0.0.1:{port}")
        for url, process in zip(workers.urls, workers.processes, strict=True):
            _wait_healthy(url, process)
        yield workers


def _wait_healthy(url: str, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and process.poll() is None:
        try:
            if httpx.get(f"{url}/healthz", timeout=1, trust_env=False).status_code == 200:
                return
        except httpx.HTTPError:
            time.sleep(0.1)
    raise RuntimeError(f"stalwart serve at {url} did not start; see its serve-*.log")


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(20)
        except subprocess.TimeoutExpired:
            process.kill()


@dataclass
class Run:
    """One concurrency level against one set of workers."""

    conversations: int
    tally: Tally
    seconds: float
    workers: int
    server_cpu: float
    twice: int
    """Order ids the ledger holds more than once: a charge run twice."""
    missing: int
    """Approvals answered 200 whose charge the ledger lacks."""
    cost: Sample | None = None
    """What PostgreSQL did in the timed window (bench/pg_cost.py): WAL flushes fewer than the
    cycles mean claims shared one."""

    @property
    def rate(self) -> float:
        return self.tally.cycles / self.seconds


def run_load(  # noqa: PLR0913 - a load run's knobs, one per command-line flag
    workers: Workers,
    conversations: int,
    seconds: float,
    warmup: float,
    clients: int,
    think: tuple[float, float] = (0.0, 0.0),
    busy: int = 0,
    costs: Costs | None = None,
    client: str = "light",
) -> Run:
    """C conversations spread over the client processes; the ledger checked afterwards."""
    before = workers.charges()
    start = time.time() + 1.0
    loads = [
        Load(tuple(workers.urls), first, count, start, warmup, seconds, think, busy, client)
        for first, count in split(conversations, clients)
    ]
    with ProcessPoolExecutor(len(loads), mp_context=get_context("fork")) as pool:
        pending = [pool.submit(drive, load) for load in loads]
        time.sleep(max(0.0, start + warmup - time.time()))
        cpu, first = workers.cpu(), costs.sample() if costs else None
        time.sleep(seconds)
        server_cpu = workers.cpu() - cpu
        cost = costs.sample() - first if costs and first else None
        tally = Tally()
        for done in pending:
            tally.add(done.result())
    made = workers.charges() - before
    approved = Counter(tally.approved)
    return Run(
        conversations,
        tally,
        seconds,
        len(workers.urls),
        server_cpu,
        twice=sum(1 for order in made if made[order] > 1 or approved[order] > 1),
        missing=sum(1 for order in approved if not made[order]),
        cost=cost,
    )


def ms(samples: list[float], share: float) -> str:
    return f"{percentile(samples, share) * 1000:8.0f}" if samples else "       -"


def print_runs(title: str, runs: list[Run]) -> None:
    print(f"\n{title}")
    print(
        f"  {'C':>4}{'cycles/s':>10}{'/worker':>9}{'x C=1':>7}"
        f"{'msg p50':>8}{'p99':>8}{'ok p50':>8}{'p99':>8}"
        f"{'errors':>8}{'ran 2x':>8}{'lost':>6}{'srv CPU':>9}{'ms/cyc':>8}{'load CPU':>10}"
        f"{'flush/cyc':>11}{'cap x':>7}{'cpu x':>7}"
    )
    first = next((run for run in runs if run.conversations == 1), None)
    base = first.rate / first.workers if first else None
    for run in runs:
        per = run.rate / run.workers
        times = f"{per / base:6.1f}x" if base else "      -"
        t = run.tally
        print(
            f"  {run.conversations:>4}{run.rate:>10,.0f}{per:>9,.0f}{times}"
            f"{ms(t.latencies['message'], 0.5)}{ms(t.latencies['message'], 0.99)}"
            f"{ms(t.latencies['approve'], 0.5)}{ms(t.latencies['approve'], 0.99)}"
            f"{sum(t.errors.values()):>8}{run.twice:>8}{run.missing:>6}"
            f"{run.server_cpu / run.seconds:>8.0%} {run.server_cpu * 1000 / max(1, t.cycles):>7.1f}"
            f"{t.cpu / t.wall:>10.0%}"
            f"{f'{run.cost.flushes / max(1, t.cycles):.2f}' if run.cost else '-':>11}"
            f"{cap(run, base):>7}"
            f"{cpu_ratio(run, first):>7}"
        )
        for error, n in sorted(t.errors.items()):
            print(f"        {n} x {error}")
    print(
        "  (latencies in ms; ok = the approval; CPU as a share of one core: the workers' in the "
        "timed window, the load generator's over its whole run; ms/cyc = the workers' CPU per "
        "cycle; flush/cyc = PostgreSQL's WAL flushes per cycle; cap x = the most a worker could "
        "reach, as a multiple of C=1, spending this CPU a cycle with a whole core; cpu x = "
        "ms/cyc over C=1's)"
    )


def print_costs(runs: list[Run]) -> None:
    """What each cycle cost the PostgreSQL server, from its own counters (bench/pg_cost.py)."""
    costed = [run for run in runs if run.cost is not None and run.tally.cycles]
    if not costed:
        return
    print(
        f"  PostgreSQL per cycle:{'C':>5}{'statements':>12}{'in functions':>14}{'WAL records':>13}"
        f"{'WAL bytes':>11}{'full pages':>12}{'flushes':>9}{'server CPU ms':>15}"
    )
    for run in costed:
        cost, n = run.cost, run.tally.cycles
        assert cost is not None
        print(
            f"  {'':>20}{run.conversations:>5}{cost.statements / n:>12.2f}{cost.nested / n:>14.1f}"
            f"{cost.wal_records / n:>13.1f}{cost.wal_bytes / n:>11,.0f}{cost.wal_fpi / n:>12.2f}"
            f"{cost.flushes / n:>9.2f}{cost.cpu * 1000 / n:>15.2f}"
        )


def cpu_ratio(run: Run, first: Run | None) -> str:
    """The workers' CPU a cycle, over the same workers' at C=1 in the same run."""
    if first is None or not first.tally.cycles or not run.tally.cycles:
        return "-"
    per = run.server_cpu / run.tally.cycles
    return f"{per / (first.server_cpu / first.tally.cycles):.2f}x"


def cap(run: Run, base: float | None) -> str:
    """What a worker would reach at this CPU a cycle, busy all the time, over C=1's rate."""
    if not base or not run.server_cpu or not run.tally.cycles:
        return "-"
    return f"{run.tally.cycles / run.server_cpu / base:.1f}x"


Database = Callable[[str], str]
"""Makes a fresh PostgreSQL database for a name and gives its connection string."""


def wal_flushes(dsn: str) -> int:
    """How many times the PostgreSQL server has flushed its WAL to disk so far."""
    import psycopg

    with psycopg.connect(dsn, autocommit=True) as conn:
        row = conn.execute("SELECT sum(fsyncs) FROM pg_stat_io WHERE object = 'wal'").fetchone()
    return int(row[0]) if row and row[0] is not None else 0


def setups(
    folder: Path, database: Database | None, names: list[str]
) -> Iterator[tuple[str, str, int, Costs | None]]:
    """(title, storage, workers, the server's counters) for each setup asked for: `sqlite`,
    `pgN` (N workers on one PostgreSQL), `pgbN` (the same through PgBouncer)."""
    for name in names:
        if name == "sqlite":
            yield "SQLite, 1 worker", f"sqlite:///{folder / 'sqlite' / 'runs.db'}", 1, None
        elif database is not None:
            pooled = name.startswith("pgb")
            count, dsn = int(name.removeprefix("pgb" if pooled else "pg")), database(name)
            title = f"PostgreSQL, {count} worker{'s' * (count > 1)}"
            if not pooled:
                yield title, as_url(dsn), count, Costs(dsn)
                continue
            with pgbouncer(dsn) as through:
                pooled_url = f"{as_url(through)}&pgbouncer=true"
                yield f"{title}, through PgBouncer", pooled_url, count, Costs(dsn)


def conversations(options: argparse.Namespace, folder: Path, database: Database | None) -> None:
    codes: list[tuple[str, Path | None]] = [("this tree", None)]
    if options.against:
        codes.insert(0, (options.against, revision(options.against, folder)))
    for title, storage, count, costs in setups(folder, database, options.setups):
        # Each round runs every revision, one after the other, so they meet the same machine.
        for attempt in range(options.repeat):
            anchor = anchor_for(folder / f"anchor-{title}-{attempt}", storage, database)
            for label, code in codes:
                here = folder / f"{title.split(',')[0]}-{count}-{attempt}-{len(label)}"
                # A fresh SQLite file each time; PostgreSQL's URL names no folder.
                with serving(here, storage.replace(str(folder), str(here)), count, code=code) as w:
                    runs = [
                        run_load(
                            w,
                            c,
                            options.seconds,
                            options.warmup,
                            options.clients,
                            costs=costs,
                            client=options.client,
                        )
                        for c in options.concurrency
                    ]
                what = f", {label}" if options.against else ""
                print_runs(f"{title}{what} (round {attempt + 1} of {options.repeat})", runs)
                print_costs(runs)
                print_anchor(anchor, runs)


def anchor_for(folder: Path, storage: str, database: Database | None) -> Anchor:
    """The in-process anchor on a fresh store of the setup's kind (bench/served_anchor.py)."""
    if storage.startswith("sqlite"):
        fresh = f"sqlite:///{folder / 'runs.db'}"
    else:
        assert database is not None
        fresh = as_url(database("anchor"))
    write_agent(folder, fresh)
    return replace(in_process(folder), request_ms=bare_request_ms(folder))


def bare_request_ms(folder: Path, requests: int = 3000, warmup: int = 300) -> float:
    """The worker's CPU a request of a bare Starlette app on stalwart serve's uvicorn, sent one
    after another on one keep-alive connection, as a conversation at C=1 sends its two."""
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    with (folder / "bare.log").open("w") as log:
        process = subprocess.Popen(
            [sys.executable, str(BARE_SERVER), str(port)], stdout=log, stderr=subprocess.STDOUT
        )
        try:
            _wait_healthy(url, process)
            return asyncio.run(_bare_requests(url, process.pid, requests, warmup))
        finally:
            _stop(process)


async def _bare_requests(url: str, pid: int, requests: int, warmup: int) -> float:
    connection = http1.Connection(url)
    body = {"text": "charge 40 to the order 4411"}
    try:
        for n in range(warmup + requests):
            if n == warmup:
                cpu = cpu_seconds(pid)
            await connection.post(f"{url}/threads/t{n}/messages", body, {})
        return (cpu_seconds(pid) - cpu) * 1000 / requests
    finally:
        connection.close()


def print_anchor(anchor: Anchor, runs: list[Run]) -> None:
    """The served cycle's worker CPU at C=1 over the in-process cycle's, on the same store."""
    first = next((run for run in runs if run.conversations == 1 and run.tally.cycles), None)
    print(
        f"  in process, same store, whole process CPU a cycle: {anchor.plan_ms:.2f} ms "
        f"(a plan), {anchor.text_ms:.2f} ms (the served turn's text)"
    )
    if first is None:
        return
    served = first.server_cpu * 1000 / first.tally.cycles
    print(
        f"  served at C=1: {served:.2f} ms a cycle, {served / anchor.plan_ms:.2f}x the "
        f"in-process plan cycle (target: at most 1.3x), {served / anchor.text_ms:.2f}x the "
        f"text cycle"
    )
    if anchor.request_ms is not None:
        floor = anchor.text_ms + 2 * anchor.request_ms
        print(
            f"  floor: the text cycle and two requests of a bare Starlette app on the same "
            f"uvicorn ({anchor.request_ms:.2f} ms each), {floor:.2f} ms, "
            f"{floor / anchor.plan_ms:.2f}x the plan cycle; served spends "
            f"{served - floor:.2f} ms a cycle above it"
        )


def revision(rev: str, folder: Path) -> Path:
    """The `python/` folder of a git revision of this repository, exported under `folder`."""
    out = folder / f"rev-{rev.replace('/', '_')}"
    out.mkdir()
    root = Path(__file__).resolve().parent.parent
    archive = subprocess.run(
        ["git", "-C", str(root), "archive", rev, "python"], check=True, capture_output=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(out)], input=archive, check=True)
    return out / "python"


def keepalive(options: argparse.Namespace, folder: Path, database: Database | None) -> None:
    """Conversations whose pause lasts about as long as uvicorn's default keep-alive, 5 s.

    httpx keeps an idle connection for 5 s too, so an approval sent just under 5 s after the
    pause reuses a connection the server is closing at that moment: the client reads nothing
    back (ReadError, RemoteProtocolError). Run with uvicorn's 5 s and with serve's default.
    """
    storage = f"sqlite:///{folder / 'keepalive' / 'runs.db'}"
    think = (options.think - 0.1, options.think + 0.1)
    for label, flags in (
        ("--keep-alive=5 (uvicorn's own default)", ("--keep-alive=5",)),
        ("serve's default", ()),
    ):
        with serving(folder / f"keepalive-{len(flags)}", storage, 1, *flags) as workers:
            run = run_load(
                workers,
                options.busy + options.thinkers,
                options.keepalive_seconds,
                0.0,
                options.clients,
                think,
                options.busy,
                # httpx's pool: its 5 s idle expiry is what meets the server's.
                client="httpx",
            )
        requests = 2 * len(run.tally.approved) + sum(run.tally.errors.values())
        print_runs(
            f"Keep-alive, {label}: {options.thinkers} conversations approving "
            f"{think[0]:g}-{think[1]:g} s after each pause, {options.busy} at once; "
            f"{requests} requests",
            [run],
        )


def concurrent_commit_rate(
    dsn: str, connections: int, notify: bool, seconds: float = 3.0
) -> tuple[float, float]:
    """Single-row commits/s over `connections` at once, and WAL flushes per commit.

    Concurrent commits share a flush (group commit) unless each also NOTIFYs: NOTIFY locks the
    whole database until its commit ends, flush included.
    """
    import psycopg

    insert = "INSERT INTO beat (n) VALUES (%s)"
    sql = f"WITH b AS ({insert}) SELECT pg_notify('beat', '')" if notify else insert
    with psycopg.connect(dsn, autocommit=True) as conn:
        conn.execute("CREATE TABLE IF NOT EXISTS beat (n integer)")
    counts = [0] * connections
    stop = time.monotonic() + seconds

    def commit(index: int) -> None:
        with psycopg.connect(dsn, autocommit=True) as conn:
            while time.monotonic() < stop:
                conn.execute(sql, (index,))
                counts[index] += 1

    flushed = wal_flushes(dsn)
    threads = [threading.Thread(target=commit, args=(n,)) for n in range(connections)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return sum(counts) / seconds, (wal_flushes(dsn) - flushed) / max(1, sum(counts))


def anchors(options: argparse.Namespace, folder: Path, database: Database | None) -> None:
    """The raw commit rate, and resume.py's sequential in-process Stalwart and LangGraph."""
    here = folder / "anchors"
    here.mkdir()
    (here / "agent.yaml").write_text(RESUME_AGENT)
    (here / "bench_tools.py").write_text(RESUME_TOOLS)
    agent = here / "agent.yaml"
    sys.path.insert(0, str(here))
    # Each list is Stalwart, LangGraph, then pairs of raw commits timed in the same rounds.
    rows: list[tuple[str, list[Figures]]] = [
        ("SQLite FULL", asyncio.run(on_sqlite(agent, here, options.anchor_cycles, 50, True, 0)))
    ]
    if database is not None:
        rows.append(
            ("PostgreSQL", asyncio.run(on_postgres(agent, database, options.anchor_cycles, 50, 0)))
        )
    if database is not None:
        dsn = database("group")
        print("\nPostgreSQL group commit: single-row commits from many connections at once")
        for connections, notify in ((1, False), (16, False), (16, True)):
            rate, flushes = concurrent_commit_rate(dsn, connections, notify)
            what = ", each with a NOTIFY" if notify else ""
            print(
                f"  {connections:>3} connection{'s' * (connections > 1)}{what:<19}"
                f"{rate:>10,.0f} commits/s{flushes:>8.2f} flushes/commit"
            )
    print("\nAnchors, in process and sequential (bench/resume.py, bench/commit_rate.py)")
    print(f"  {'database':<14}{'raw commits/s':>14}{'raw/2':>8}{'Stalwart':>10}{'LangGraph':>11}")
    for name, (ours, theirs, pairs) in rows:
        raw = pairs.cycles_per_second * 2
        print(
            f"  {name:<14}{raw:>14,.0f}{raw / 2:>8,.0f}{ours.cycles_per_second:>10,.0f}"
            f"{theirs.cycles_per_second:>11,.0f}"
        )


def streams(options: argparse.Namespace, folder: Path, database: Database | None) -> None:
    """1,000 and 5,000 live streams on one worker, by bench/streams.py, on each database."""
    stores: list[tuple[str, Callable[[str], str]]] = [("sqlite", lambda name: "sqlite:///runs.db")]
    if database is not None:
        stores.append(("postgres", lambda name: as_url(database(name))))
    for title, storage in stores:
        for count in options.streams:
            for threads, rounds, rate in live.LAYOUTS:
                name = f"streams-{title}-{count}-{threads or 'each'}"
                here = folder / name
                here.mkdir()
                figures = live.measure(
                    storage(name.replace("-", "_")),
                    here,
                    streams=count,
                    threads=threads,
                    rounds=rounds,
                    rate=rate,
                )
                live.report(figures)


Part = Callable[[argparse.Namespace, Path, Database | None], None]


def profile(options: argparse.Namespace, folder: Path, database: Database | None) -> None:
    """Where one worker's CPU goes in sequential served cycles (bench/cycle_profile.py)."""
    for title, storage, _, _ in setups(folder, database, [options.setups[0]]):
        stats: list[pstats.Stats] = []
        cycles = 0
        for loaded in (False, True):
            out = folder / f"profile-{loaded}.prof"
            with serving(folder / f"profile-{loaded}", storage, 1, profile=out) as workers:
                if loaded:
                    run = run_load(workers, 1, options.seconds, options.warmup, 1)
                    cycles = len(run.tally.approved)
            stats.append(pstats.Stats(str(out)))
        print_profile(title, *stats, cycles, options.top)


PARTS: dict[str, Part] = {
    "conversations": conversations,
    "profile": profile,
    "keepalive": keepalive,
    "anchors": anchors,
    "streams": streams,
}
"""Each part of the bench, in the order --part all runs them; each starts its own workers."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--part", choices=[*PARTS, "all"], default="all")
    parser.add_argument(
        "--concurrency", type=lambda s: [int(c) for c in s.split(",")], default=list(CONCURRENCY)
    )
    parser.add_argument("--setups", type=lambda s: s.split(","), default=["sqlite", "pg1", "pg2"])
    parser.add_argument("--seconds", type=float, default=10.0, help="each timed window")
    parser.add_argument("--warmup", type=float, default=2.0)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--clients", type=int, default=2, help="load-generating processes")
    parser.add_argument(
        "--client",
        choices=["light", "httpx"],
        default="light",
        help="conversations: a bench/http1.py connection each, or one httpx pool",
    )
    parser.add_argument(
        "--against",
        metavar="REV",
        help="conversations: also run a git revision's code, alternating with this tree's",
    )
    parser.add_argument(
        "--streams",
        type=lambda s: [int(n) for n in s.split(",")],
        default=[1000, 5000],
        help="streams: how many open streams on the worker, one measurement each",
    )
    parser.add_argument("--thinkers", type=int, default=64)
    parser.add_argument("--busy", type=int, default=8, help="keep-alive: approving at once")
    parser.add_argument("--keepalive-seconds", type=float, default=60.0)
    parser.add_argument("--think", type=float, default=5.0, help="seconds before an approval")
    parser.add_argument("--anchor-cycles", type=int, default=500)
    parser.add_argument("--top", type=int, default=25, help="profile: the entries printed")
    parser.add_argument(
        "--flush-delay-ms",
        type=float,
        default=0.0,
        help="the embedded PostgreSQL waits this long before each flush (bench/slow_flush.py)",
    )
    options = parser.parse_args()
    parts = list(PARTS) if options.part == "all" else [options.part]
    with ExitStack() as stack:
        folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="stalwart-served-")))
        needs_pg = "anchors" in parts or any(s.startswith("pg") for s in options.setups)
        if needs_pg:
            database = stack.enter_context(postgres_server(options.flush_delay_ms))
            if options.flush_delay_ms:
                print(f"PostgreSQL: each flush waits {options.flush_delay_ms:g} ms first")
        else:
            database = None
        for part in parts:
            PARTS[part](options, folder, database)


if __name__ == "__main__":
    main()
