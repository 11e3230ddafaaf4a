"""Live streams: N open SSE streams on one `stalwart serve` worker, and how late events reach them.

Not a test: run it, read it. The bench starts a real `stalwart serve` (SQLite, or PostgreSQL over
an embedded server), creates the threads with one turn each, opens N streams
(`GET /threads/{id}/stream`) from several client processes, then appends events by real turns
(`POST /threads/{id}/messages`), either to the same worker or to a second worker on the same
store (`--elsewhere`: cross-worker delivery). Every client records when each frame arrives.

The delay of an event on a stream is its arrival time minus the event's stored `at`: the store
stamps `at` inside the transaction that appends it, before that transaction commits, so the
delay counts the commit itself too and is an upper bound of commit -> arrival. Client and server
share this machine's clock.

It prints streams open, p50/p99/max delay, streams dropped (a stream that ended or failed, or
that still lacked an event the store holds for its thread 3 s after the last turn), the
server's RSS before and after opening the streams, hence the memory per stream, and the worker's
CPU: with the streams quiet, and an event delivered (beyond what the turns cost it), and the
worker's full garbage collections while the turns ran (bench/gc_watch logs them), each a pause
of every stream. On a shared machine the CPU figures move far less than the delays, which wait
for a core.

    .venv/bin/python bench/streams.py [--store sqlite|postgres] [--streams 1000]
        [--threads N] [--rounds R] [--rate TURNS_PER_S | --flat-out] [--elsewhere] [--json]

By default it runs two layouts: each stream on its own thread (one round of turns, one turn on
every thread, 50 turns a second), and every stream on one thread (20 turns there, 2 a second:
each event then goes out 1,000 times). `--threads N` spreads the streams round robin over N
threads instead. `--flat-out` sends 8 turns at a time as fast as the worker takes them, so the
delay includes the queue of a saturated worker. Each turn appends 5 events (turn, plan, check,
call, reply). PostgreSQL is STALWART_BENCH_DATABASE_URL when set, or else an embedded server
started here.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import datetime as dt
import functools
import json
import multiprocessing
import os
import sqlite3
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).parent))

from resume import percentile, postgres_server
from soak import Worker, as_url

AGENT = """\
agents:
  - name: streams
    vocabulary: vocabulary.yaml
tools:
  look:
    function: streams_tools:look
    arguments:
      order_id: {{type: string}}
storage: {storage}
"""
VOCABULARY = """\
settings:
  language: en
tools:
  look:
    slots:
      order_id: {type: identifier, example: "4411"}
    phrases:
      en: ["look up the order {order_id}"]
    examples:
      en: [look up the order 4411]
"""
TOOLS = """\
def look(order_id):
    return {"order": order_id, "status": "unpaid"}
"""
CLIENTS = 4
"""Client processes holding the streams, so the clients' own CPU does not pile up on one core."""
OPENING = 50
"""Streams each client process opens at once."""
SEP = b"\r\n\r\n"
IDLE = 5.0
"""Seconds the streams stay quiet while the worker's CPU is read."""
SETTLE = 3.0
"""Seconds after the last turn for the last events to arrive."""
GC_WATCH = Path(__file__).parent / "gc_watch"
"""A sitecustomize that logs each full garbage collection of the workers."""


@dataclass
class Stream:
    """One client's stream: the bytes it got, as (arrival, piece), and how it ended."""

    thread: str
    after: int
    """The Last-Event-ID it sends: it follows what comes next, not the thread's history."""
    pieces: list[tuple[float, bytes]] = field(default_factory=list)
    ended: str | None = None


class _Following(asyncio.Protocol):
    """A raw socket's stream, kept as it arrives: a callback stamps each piece, nothing more,
    so the clients' own CPU adds as little as may be to the delays measured."""

    def __init__(self, stream: Stream, request: bytes, opened: asyncio.Future[None]) -> None:
        self.stream, self.request, self.opened = stream, request, opened
        self.head = b""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        transport.write(self.request)  # type: ignore[attr-defined]

    def data_received(self, data: bytes) -> None:
        arrived = time.time()
        if not self.opened.done():
            self.head += data
            if SEP not in self.head:
                return
            head, _, data = self.head.partition(SEP)
            if not head.startswith(b"HTTP/1.1 200"):
                self.stream.ended = head.split(b"\r\n", 1)[0].decode()
            self.opened.set_result(None)
        if data:
            self.stream.pieces.append((arrived, data))

    def connection_lost(self, exc: Exception | None) -> None:
        self.stream.ended = self.stream.ended or f"closed: {exc or 'by the server'}"
        if not self.opened.done():
            self.opened.set_result(None)


def _frames(stream: Stream) -> list[tuple[float, bytes]]:
    """The SSE frames of a chunked body, each with the arrival of the piece that completed it."""
    frames: list[tuple[float, bytes]] = []
    raw = body = b""
    for arrived, piece in stream.pieces:
        raw += piece
        while (end := raw.find(b"\r\n")) >= 0:
            size = int(raw[:end], 16)
            if len(raw) < end + 2 + size + 2:
                break
            body += raw[end + 2 : end + 2 + size]
            raw = raw[end + 2 + size + 2 :]
        *whole, body = body.split(SEP)
        frames.extend((arrived, frame) for frame in whole)
    return frames


def _delays(stream: Stream, since: float) -> tuple[list[float], list[int]]:
    """The delays (s) of events stored at or after `since`, and every event id, in order."""
    delays: list[float] = []
    ids: list[int] = []
    for arrived, frame in _frames(stream):
        for line in frame.split(b"\r\n"):
            if line.startswith(b"data: "):
                event = json.loads(line[6:])
                ids.append(event["id"])
                at = dt.datetime.fromisoformat(event["at"]).timestamp()
                if at >= since:
                    delays.append(arrived - at)
    return delays, ids


def _client(port: int, threads: list[tuple[str, int]], pipe: Connection) -> None:
    """One client process: open its streams, say so, hold them until told when to stop."""

    async def run() -> None:
        streams = [Stream(thread, after) for thread, after in threads]
        loop = asyncio.get_running_loop()
        transports = []
        began = time.perf_counter()
        for start in range(0, len(streams), OPENING):
            batch = []
            for stream in streams[start : start + OPENING]:
                opened: asyncio.Future[None] = loop.create_future()
                request = (
                    f"GET /threads/{stream.thread}/stream HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                    f"Accept: text/event-stream\r\nLast-Event-ID: {stream.after}\r\n\r\n"
                ).encode()
                try:
                    transport, _ = await loop.create_connection(
                        functools.partial(_Following, stream, request, opened), "127.0.0.1", port
                    )
                except OSError as error:
                    stream.ended = f"connect: {error}"
                    continue
                transports.append(transport)
                batch.append(opened)
            await asyncio.gather(*batch)
        failed = [stream.ended for stream in streams if stream.ended]
        pipe.send((len(streams) - len(failed), time.perf_counter() - began))
        since = await loop.run_in_executor(None, pipe.recv)
        # What ends from here on is the bench hanging up, not a dropped stream.
        ended = [stream.ended for stream in streams]
        for transport in transports:
            transport.close()
        await asyncio.sleep(0)
        for stream, before in zip(streams, ended, strict=True):
            stream.ended = before
        results = []
        for stream in streams:
            delays, ids = _delays(stream, since)
            results.append(
                {
                    "thread": stream.thread,
                    "after": stream.after,
                    "ended": stream.ended,
                    "delays": delays,
                    "ids": ids,
                }
            )
        pipe.send(results)

    asyncio.run(run())


def rss_kib(pid: int) -> int:
    """A process's resident memory, from /proc."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError(f"No VmRSS for process {pid}.")


def cpu_seconds(pid: int) -> float:
    """A process's CPU time so far, user and system, from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def last_seqs(storage: str, folder: Path) -> dict[str, int]:
    """Each thread's last event number, as the store holds it."""
    sql = "SELECT id, last_seq FROM threads"
    if storage.startswith("sqlite:///"):
        with contextlib.closing(sqlite3.connect(folder / "runs.db")) as db:
            return dict(db.execute(sql).fetchall())
    import psycopg

    with psycopg.connect(storage) as db:
        return dict(db.execute(sql).fetchall())


async def turns(url: str, threads: list[str], rate: float | None, at_once: int) -> list[float]:
    """One turn on each thread in order, started `rate` a second (or as fast as `at_once` in
    flight allow), never two at once on one thread; each turn's time (s)."""
    gate = asyncio.Semaphore(at_once)
    busy = {thread: asyncio.Lock() for thread in threads}
    took: list[float] = []
    limits = httpx.Limits(max_connections=at_once, max_keepalive_connections=at_once)
    async with httpx.AsyncClient(timeout=120, limits=limits, trust_env=False) as client:

        async def one(index: int, thread: str) -> None:
            async with gate, busy[thread]:
                started = time.perf_counter()
                reply = await client.post(
                    f"{url}/threads/{thread}/messages",
                    json={"text": f"look up the order {4000 + index}"},
                )
                reply.raise_for_status()
                took.append(time.perf_counter() - started)

        start, tasks = time.perf_counter(), []
        for index, thread in enumerate(threads):
            if rate is not None:
                await asyncio.sleep(max(0.0, start + index / rate - time.perf_counter()))
            tasks.append(asyncio.create_task(one(index, thread)))
        await asyncio.gather(*tasks)
    return took


@contextlib.contextmanager
def workers(storage: str, folder: Path, count: int) -> Iterator[list[Worker]]:
    """`count` started `stalwart serve` workers on one store, stopped at the end."""
    (folder / "agent.yaml").write_text(AGENT.format(storage=storage))
    (folder / "vocabulary.yaml").write_text(VOCABULARY)
    (folder / "streams_tools.py").write_text(TOOLS)
    env = {
        "NO_PROXY": "127.0.0.1,localhost",
        "PYTHONPATH": os.pathsep.join([str(GC_WATCH), os.environ.get("PYTHONPATH", "")]),
        "STALWART_BENCH_GC_LOG": str(folder / "gc"),
    }
    started: list[Worker] = []
    try:
        for _ in range(count):
            worker = Worker(folder / "agent.yaml", env)
            worker.start()
            started.append(worker)
        yield started
    finally:
        for worker in started:
            worker.stop()


def measure(
    storage: str,
    folder: Path,
    *,
    streams: int = 1000,
    threads: int | None = None,
    rounds: int = 1,
    rate: float | None = 20.0,
    elsewhere: bool = False,
    at_once: int = 8,
) -> dict[str, Any]:
    """Open `streams` streams on one worker of `storage`, append `rounds` turns on every thread,
    `rate` turns a second (None: `at_once` at a time, flat out), to a second worker when
    `elsewhere`, and measure their delivery; a dict of the figures."""
    names = [f"s-{index}" for index in range(threads or streams)]
    with workers(storage, folder, 2 if elsewhere else 1) as started:
        watched, appender = started[0], started[-1]
        if watched.process is None:
            raise RuntimeError("The worker did not start.")
        pid = watched.process.pid
        # The threads, and the worker's CPU for a turn with no stream open.
        warm = names * max(1, 100 // len(names))
        cpu = cpu_seconds(pid)
        asyncio.run(turns(appender.url, warm, None, at_once))
        cpu_turn = (cpu_seconds(pid) - cpu) / len(warm)
        time.sleep(1.0)
        before = rss_kib(pid)
        last = last_seqs(storage, folder)
        context = multiprocessing.get_context("spawn")
        pipes, processes = [], []
        for index in range(CLIENTS):
            share = [
                (names[n % len(names)], last[names[n % len(names)]])
                for n in range(index, streams, CLIENTS)
            ]
            ours, theirs = context.Pipe()
            process = context.Process(target=_client, args=(watched.port, share, theirs))
            process.start()
            pipes.append(ours)
            processes.append(process)
        counts, seconds = zip(*(pipe.recv() for pipe in pipes), strict=True)
        opened, opening = sum(counts), max(seconds)
        time.sleep(1.0)
        after_open = rss_kib(pid)
        cpu = cpu_seconds(pid)
        time.sleep(IDLE)
        cpu_idle = (cpu_seconds(pid) - cpu) / IDLE
        load = os.getloadavg()[0]
        since = time.time()
        cpu = cpu_seconds(pid)
        started_at = time.perf_counter()
        took = asyncio.run(turns(appender.url, names * rounds, rate, at_once))
        appending = time.perf_counter() - started_at
        time.sleep(SETTLE)
        cpu_append = cpu_seconds(pid) - cpu - SETTLE * cpu_idle
        after = rss_kib(pid)
        for pipe in pipes:
            pipe.send(since)
        results = [stream for pipe in pipes for stream in pipe.recv()]
        for process in processes:
            process.join(30)
        stored = last_seqs(storage, folder)
        collections = full_collections(folder, pid)
    delays = sorted(delay for stream in results for delay in stream["delays"])
    ended = [stream for stream in results if stream["ended"]]
    short = [
        stream
        for stream in results
        if not stream["ended"]
        and stream["ids"] != list(range(stream["after"] + 1, stored[stream["thread"]] + 1))
    ]
    return {
        "storage": storage.split(":", 1)[0],
        "streams": streams,
        "threads": len(names),
        "elsewhere": elsewhere,
        "turns": len(took),
        "rate": rate,
        "streams_open": opened,
        "open_seconds": opening,
        "events_delivered": len(delays),
        "events_per_second": len(delays) / appending,
        "turn_p50_ms": percentile(took, 0.5) * 1000,
        "delay_p50_ms": percentile(delays, 0.5) * 1000 if delays else None,
        "delay_p99_ms": percentile(delays, 0.99) * 1000 if delays else None,
        "delay_max_ms": delays[-1] * 1000 if delays else None,
        "streams_dropped": len(ended) + len(short),
        "dropped_examples": [s["ended"] for s in ended[:3]]
        + [f"{s['thread']}: {len(s['ids'])} events" for s in short[:3]],
        "load_average": load,
        "cpu_idle_share": cpu_idle,
        "cpu_turn_ms": cpu_turn * 1000,
        "cpu_turns_share": cpu_append / (appending + SETTLE),
        "cpu_us_per_event": (
            (cpu_append - (0 if elsewhere else len(took) * cpu_turn)) / max(1, len(delays)) * 1e6
        ),
        "rss_before_kib": before,
        "rss_open_kib": after_open,
        "rss_after_kib": after,
        "kib_per_stream": (after_open - before) / max(1, opened),
        "gc_full_ms": [ms for at, ms in collections if since <= at <= since + appending + SETTLE],
    }


def full_collections(folder: Path, pid: int) -> list[tuple[float, float]]:
    """The worker's full garbage collections, as (when it began, milliseconds it took)."""
    log = folder / f"gc.{pid}"
    if not log.exists():
        return []
    return [
        (float(at), float(ms)) for at, ms in (line.split() for line in log.read_text().splitlines())
    ]


def report(figures: dict[str, Any]) -> None:
    where = "a second worker" if figures["elsewhere"] else "the same worker"
    pace = "flat out" if figures["rate"] is None else f"{figures['rate']:g} a second"
    print(
        f"\n{figures['storage']}: {figures['streams']} streams on {figures['threads']} "
        f"thread(s); {figures['turns']} turns, {pace}, sent to {where}"
    )
    opened, seconds = figures["streams_open"], figures["open_seconds"]
    print(f"  streams open        {opened:>8} (in {seconds:.1f} s)")
    print(
        f"  events delivered    {figures['events_delivered']:>8} "
        f"({figures['events_per_second']:,.0f}/s; turn p50 {figures['turn_p50_ms']:.0f} ms)"
    )
    for name in ("p50", "p99", "max"):
        value = figures[f"delay_{name}_ms"]
        print(f"  delay {name:<13} {'-' if value is None else f'{value:>8.1f} ms'}")
    print(f"  streams dropped     {figures['streams_dropped']:>8} {figures['dropped_examples']}")
    print(
        f"  server RSS          {figures['rss_before_kib'] / 1024:>8.1f} MiB before, "
        f"{figures['rss_open_kib'] / 1024:.1f} MiB with the streams open, "
        f"{figures['rss_after_kib'] / 1024:.1f} MiB after the turns"
    )
    print(f"  memory per stream   {figures['kib_per_stream']:>8.1f} KiB")
    print(
        f"  worker CPU          {figures['cpu_idle_share']:>8.1%} of a core with the streams "
        f"quiet, {figures['cpu_turns_share']:.1%} while the turns ran; about "
        f"{figures['cpu_us_per_event']:.0f} us an event delivered, beyond the "
        f"{figures['cpu_turn_ms']:.1f} ms a turn costs with no stream open"
    )
    pauses = figures["gc_full_ms"]
    print(
        f"  full collections    {len(pauses):>8} while the turns ran"
        + (f", {max(pauses):.0f} ms the longest (each stops every stream)" if pauses else "")
    )
    print(f"  load average        {figures['load_average']:>8.1f} (1 min, as the turns began)")


LAYOUTS = [(None, 1, 50.0), (1, 20, 2.0)]
"""Each default run: threads (None: one a stream), rounds of turns, turns a second."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--store", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument("--streams", type=int, default=1000)
    parser.add_argument("--threads", type=int, help="only this layout; default: both")
    parser.add_argument("--rounds", type=int, help="turns on every thread (1, or 20 on one)")
    parser.add_argument("--rate", type=float, help="turns a second (50, or 2 on one thread)")
    parser.add_argument("--flat-out", action="store_true", help="8 turns in flight, unpaced")
    parser.add_argument("--elsewhere", action="store_true", help="turns go to a second worker")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON too")
    options = parser.parse_args()
    layouts = LAYOUTS
    if options.threads is not None:
        layouts = [(options.threads, 1 if options.threads > 1 else 20, 50.0)]
    with contextlib.ExitStack() as stack:
        database = None if options.store == "sqlite" else stack.enter_context(postgres_server())
        for threads, rounds, rate in layouts:
            with tempfile.TemporaryDirectory(prefix="stalwart-streams-") as name:
                storage = "sqlite:///runs.db" if database is None else as_url(database("streams"))
                figures = measure(
                    storage,
                    Path(name),
                    streams=options.streams,
                    threads=threads,
                    rounds=options.rounds or rounds,
                    rate=None if options.flat_out else options.rate or rate,
                    elsewhere=options.elsewhere,
                )
            report(figures)
            if options.json:
                print(json.dumps(figures))


if __name__ == "__main__":
    main()
