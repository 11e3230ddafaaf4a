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
that lacks an event the store holds for its thread), and the server's RSS before and after
opening the streams, hence the memory per stream.

    .venv/bin/python bench/streams.py [--store sqlite|postgres] [--streams 1000]
        [--threads N] [--rounds 3] [--elsewhere]

`--threads` is how many conversation threads the streams are spread over (streams go round
robin): N (the default) gives each stream its own thread, 1 puts every stream on one thread.
Each round is one turn on every thread. PostgreSQL is STALWART_BENCH_DATABASE_URL when set, or
else an embedded server started here.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import datetime as dt
import json
import multiprocessing
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


@dataclass
class Stream:
    """One client's stream: the frames it got, as (arrival, raw frame), and how it ended."""

    thread: str
    frames: list[tuple[float, bytes]] = field(default_factory=list)
    ended: str | None = None


async def _follow(port: int, stream: Stream, opened: asyncio.Future[None]) -> None:
    """GET the stream over a raw socket; stamp each chunk as it is read, parse later."""
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
    except OSError as error:
        stream.ended = f"connect: {error}"
        opened.set_result(None)
        return
    try:
        writer.write(
            f"GET /threads/{stream.thread}/stream HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
            "Accept: text/event-stream\r\n\r\n".encode()
        )
        head = await reader.readuntil(SEP)
        if not head.startswith(b"HTTP/1.1 200"):
            stream.ended = head.split(b"\r\n", 1)[0].decode()
            return
        opened.set_result(None)
        pending = b""
        while True:
            size = int(await reader.readuntil(b"\r\n"), 16)
            if size == 0:
                stream.ended = "ended by the server"
                return
            chunk = await reader.readexactly(size + 2)
            arrived = time.time()
            pending += chunk[:-2]
            *whole, pending = pending.split(SEP)
            stream.frames.extend((arrived, frame) for frame in whole)
    except (OSError, asyncio.IncompleteReadError, ValueError) as error:
        stream.ended = f"{type(error).__name__}: {error}"
    finally:
        if not opened.done():
            opened.set_result(None)
        writer.close()


def _delays(stream: Stream, since: float) -> tuple[list[float], list[int]]:
    """The delays (s) of events stored at or after `since`, and every event id, in order."""
    delays: list[float] = []
    ids: list[int] = []
    for arrived, frame in stream.frames:
        for line in frame.split(b"\r\n"):
            if line.startswith(b"data: "):
                event = json.loads(line[6:])
                ids.append(event["id"])
                at = dt.datetime.fromisoformat(event["at"]).timestamp()
                if at >= since:
                    delays.append(arrived - at)
    return delays, ids


def _client(port: int, threads: list[str], pipe: Connection) -> None:
    """One client process: open its streams, say so, hold them until told when to stop."""

    async def run() -> None:
        streams = [Stream(thread) for thread in threads]
        loop = asyncio.get_running_loop()
        tasks = []
        for start in range(0, len(streams), OPENING):
            batch = [loop.create_future() for _ in streams[start : start + OPENING]]
            for stream, opened in zip(streams[start : start + OPENING], batch, strict=True):
                tasks.append(asyncio.create_task(_follow(port, stream, opened)))
            await asyncio.gather(*batch)
        failed = [stream.ended for stream in streams if stream.ended]
        pipe.send(len(streams) - len(failed))
        since = await loop.run_in_executor(None, pipe.recv)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        results = []
        for stream in streams:
            delays, ids = _delays(stream, since)
            results.append(
                {"thread": stream.thread, "ended": stream.ended, "delays": delays, "ids": ids}
            )
        pipe.send(results)

    asyncio.run(run())


def rss_kib(pid: int) -> int:
    """A process's resident memory, from /proc."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError(f"No VmRSS for process {pid}.")


def last_seqs(storage: str, folder: Path) -> dict[str, int]:
    """Each thread's last event number, as the store holds it."""
    sql = "SELECT id, last_seq FROM threads"
    if storage.startswith("sqlite:///"):
        with contextlib.closing(sqlite3.connect(folder / "runs.db")) as db:
            return dict(db.execute(sql).fetchall())
    import psycopg

    with psycopg.connect(storage) as db:
        return dict(db.execute(sql).fetchall())


async def turns(url: str, threads: list[str], at_once: int) -> list[float]:
    """One turn on each thread, `at_once` in flight; each turn's time (s)."""
    gate = asyncio.Semaphore(at_once)
    took: list[float] = []
    limits = httpx.Limits(max_connections=at_once, max_keepalive_connections=at_once)
    async with httpx.AsyncClient(timeout=120, limits=limits, trust_env=False) as client:

        async def one(index: int, thread: str) -> None:
            async with gate:
                started = time.perf_counter()
                reply = await client.post(
                    f"{url}/threads/{thread}/messages",
                    json={"text": f"look up the order {4000 + index}"},
                )
                reply.raise_for_status()
                took.append(time.perf_counter() - started)

        await asyncio.gather(*(one(index, thread) for index, thread in enumerate(threads)))
    return took


@contextlib.contextmanager
def workers(storage: str, folder: Path, count: int) -> Iterator[list[Worker]]:
    """`count` started `stalwart serve` workers on one store, stopped at the end."""
    (folder / "agent.yaml").write_text(AGENT.format(storage=storage))
    (folder / "vocabulary.yaml").write_text(VOCABULARY)
    (folder / "streams_tools.py").write_text(TOOLS)
    env = {"NO_PROXY": "127.0.0.1,localhost"}
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
    rounds: int = 3,
    elsewhere: bool = False,
    at_once: int = 8,
) -> dict[str, Any]:
    """Open `streams` streams on one worker of `storage`, append `rounds` turns on every thread
    (to a second worker when `elsewhere`) and measure their delivery; a dict of the figures."""
    names = [f"s-{index}" for index in range(threads or streams)]
    with workers(storage, folder, 2 if elsewhere else 1) as started:
        watched, appender = started[0], started[-1]
        if watched.process is None:
            raise RuntimeError("The worker did not start.")
        asyncio.run(turns(appender.url, names, at_once))
        time.sleep(1.0)
        before = rss_kib(watched.process.pid)
        context = multiprocessing.get_context("spawn")
        pipes, processes = [], []
        for index in range(CLIENTS):
            share = [names[n % len(names)] for n in range(index, streams, CLIENTS)]
            ours, theirs = context.Pipe()
            process = context.Process(target=_client, args=(watched.port, share, theirs))
            process.start()
            pipes.append(ours)
            processes.append(process)
        opened_at = time.perf_counter()
        opened = sum(pipe.recv() for pipe in pipes)
        opening = time.perf_counter() - opened_at
        time.sleep(1.0)
        after_open = rss_kib(watched.process.pid)
        since = time.time()
        took: list[float] = []
        started_at = time.perf_counter()
        for _ in range(rounds):
            took += asyncio.run(turns(appender.url, names, at_once))
        appending = time.perf_counter() - started_at
        time.sleep(3.0)
        after = rss_kib(watched.process.pid)
        for pipe in pipes:
            pipe.send(since)
        results = [stream for pipe in pipes for stream in pipe.recv()]
        for process in processes:
            process.join(30)
        stored = last_seqs(storage, folder)
    delays = sorted(delay for stream in results for delay in stream["delays"])
    ended = [stream for stream in results if stream["ended"]]
    short = [
        stream
        for stream in results
        if not stream["ended"]
        and stream["ids"] != list(range(1, stored.get(stream["thread"], 0) + 1))
    ]
    return {
        "storage": storage.split(":", 1)[0],
        "streams": streams,
        "threads": len(names),
        "elsewhere": elsewhere,
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
        "rss_before_kib": before,
        "rss_open_kib": after_open,
        "rss_after_kib": after,
        "kib_per_stream": (after_open - before) / max(1, opened),
    }


def report(figures: dict[str, Any]) -> None:
    where = "a second worker" if figures["elsewhere"] else "the same worker"
    print(
        f"\n{figures['storage']}: {figures['streams']} streams on {figures['threads']} "
        f"thread(s), turns sent to {where}"
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--store", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument("--streams", type=int, default=1000)
    parser.add_argument("--threads", type=int)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--elsewhere", action="store_true", help="turns go to a second worker")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON too")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="stalwart-streams-") as name:
        folder = Path(name)
        with contextlib.ExitStack() as stack:
            if options.store == "sqlite":
                storage = "sqlite:///runs.db"
            else:
                storage = as_url(stack.enter_context(postgres_server())("streams"))
            figures = measure(
                storage,
                folder,
                streams=options.streams,
                threads=options.threads,
                rounds=options.rounds,
                elsewhere=options.elsewhere,
            )
        report(figures)
        if options.json:
            print(json.dumps(figures))


if __name__ == "__main__":
    main()
