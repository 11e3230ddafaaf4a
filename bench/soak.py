"""Soak: conversations against two `stalwart serve` workers on PostgreSQL, one killed -9 at random.

Not a test: run it, read it. N conversations charge orders, pay invoices, approve, correct
themselves and answer outcome_unknown pauses (truthfully, from the tools' own table), while a
random worker is SIGKILLed every few seconds and started again on the same port. At the end
both workers run on, past the lease, so their sweepers take over what the last kill left; then
the store and the tools' own table are checked:

- every pause is answered once, or is still answerable (listed, with its token);
- every write ran once, or waits as outcome_unknown (none is left `sent`);
- no reply is said twice;
- every stop (a correction, a rollback) kept with its run was carried out, by its worker or
  by the one that took the run over.

    .venv/bin/python bench/soak.py [--minutes 10] [--conversations 20] [--kill-every 4]

PostgreSQL is STALWART_BENCH_DATABASE_URL when set, or else an embedded server started here.
It exits 1 when an invariant is broken, and prints what broke it.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlencode

import httpx
import psycopg
from psycopg.conninfo import conninfo_to_dict
from psycopg.rows import dict_row

sys.path.insert(0, str(Path(__file__).parent))

from resume import postgres_server

from stalwart_agents.ids import idempotency_key

STALWART = Path(sys.executable).with_name("stalwart")
OPERATOR_TOKEN = "soak-operator"
OPERATOR = {"Authorization": f"Bearer {OPERATOR_TOKEN}"}
LEASE, SWEEP = 2.0, 0.5

AGENT = """\
agents:
  - name: soak
    vocabulary: vocabulary.yaml
tools:
  charge:
    function: soak_tools:charge
    write: true
    arguments:
      amount: {{type: number}}
      order_id: {{type: string}}
    undo:
      tool: refund
      args: {{charge_id: result.charge_id}}
  refund:
    function: soak_tools:refund
    write: true
    idempotent: true
    arguments:
      charge_id: {{type: string}}
  pay:
    function: soak_tools:pay
    write: true
    idempotent: true
    arguments:
      invoice: {{type: string}}
storage: {storage}
runs:
  lease_seconds: {lease}
  sweep_seconds: {sweep}
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
  pay:
    slots:
      invoice: {type: identifier, example: "inv-7"}
    phrases:
      en: ["pay the invoice {invoice}"]
    examples:
      en: [pay the invoice inv-7]
"""
# Each tool writes its effect in its own table, then dawdles: a kill often lands between the
# write and the worker recording it. pay and refund drop a repeated key, as a payment API does.
TOOLS = """\
import os, random, time
import psycopg

def _effect(tool, key, once=False):
    with psycopg.connect(os.environ["SOAK_EFFECTS_URL"], autocommit=True) as db:
        db.execute("INSERT INTO soak_calls (tool, key) VALUES (%s, %s)", (tool, key))
        conflict = " ON CONFLICT DO NOTHING" if once else ""
        db.execute("INSERT INTO soak_effects (tool, key) VALUES (%s, %s)" + conflict, (tool, key))
    time.sleep(random.uniform(0.1, 1.0))

def charge(amount, order_id, idempotency_key):
    _effect("charge", idempotency_key)
    return {"charge_id": "ch-" + idempotency_key}

def refund(charge_id, idempotency_key):
    _effect("refund", idempotency_key, once=True)
    return {"refunded": charge_id}

def pay(invoice, idempotency_key):
    _effect("pay", idempotency_key, once=True)
    return {"paid": invoice}
"""
TABLES = (
    "CREATE TABLE IF NOT EXISTS soak_calls (tool text, key text)",
    "CREATE TABLE IF NOT EXISTS soak_effects (id bigserial PRIMARY KEY, tool text, key text)",
    "CREATE UNIQUE INDEX IF NOT EXISTS soak_once ON soak_effects (key) WHERE tool <> 'charge'",
)


@dataclass
class Tally:
    """What the clients did and saw."""

    counts: Counter[str] = field(default_factory=Counter)
    won: Counter[str] = field(default_factory=Counter)
    """200s per interrupt id: more than one is an answer taken twice."""


class Worker:
    """One `stalwart serve` on a fixed port, killed -9 and started again on it."""

    def __init__(self, agent: Path, env: dict[str, str]) -> None:
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            self.port = int(sock.getsockname()[1])
        self.url = f"http://127.0.0.1:{self.port}"
        self.agent, self.env = agent, env
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        log = (self.agent.parent / f"serve-{self.port}.log").open("a")
        self.process = subprocess.Popen(
            [
                str(STALWART),
                "serve",
                str(self.agent),
                f"--port={self.port}",
                f"--operator-token={OPERATOR_TOKEN}",
            ],
            stdout=log,
            stderr=subprocess.STDOUT,
            env={**os.environ, **self.env},
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                if httpx.get(f"{self.url}/healthz", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError(f"stalwart serve did not start; see {log.name}")

    def kill(self) -> None:
        if self.process is not None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            self.process.wait(20)


async def post(
    client: httpx.AsyncClient,
    url: str,
    body: dict[str, Any],
    tally: Tally,
    headers: dict[str, str] | None = None,
) -> Any:
    """A POST whose worker may die under it; its JSON, or None."""
    try:
        reply = await client.post(url, json=body, headers=headers)
    except httpx.HTTPError as error:
        tally.counts[cut(error)] += 1
        return None
    tally.counts[f"HTTP {reply.status_code}"] += 1
    return reply.json() if reply.status_code == 200 else None


def cut(error: httpx.HTTPError) -> str:
    """What a kill did to a request: refused while the worker restarts, or cut in flight."""
    if isinstance(error, httpx.ConnectError):
        return "requests refused (worker down)"
    return "requests cut by a kill"


def happened(dsn: str, pause: dict[str, Any]) -> bool:
    """The truth an outcome_unknown pause asks for, from the tool's own table."""
    key = idempotency_key(pause["run"], pause["step"])
    with psycopg.connect(dsn, autocommit=True) as db:
        row = db.execute("SELECT 1 FROM soak_effects WHERE key = %s", (key,)).fetchone()
    return row is not None


async def answer(
    client: httpx.AsyncClient, url: str, thread: str, pause: dict[str, Any], dsn: str, tally: Tally
) -> None:
    if pause["kind"] == "outcome_unknown":
        decision = "happened" if await asyncio.to_thread(happened, dsn, pause) else "did_not_happen"
    elif pause["kind"] == "saga_stuck":
        decision = "retry"
    else:
        decision = random.choice(["approve"] * 8 + ["skip", "cancel_all"])
    body = {"interrupt_id": pause["id"], "token": pause["token"], "decision": decision}
    tally.counts[f"answered {decision}"] += 1
    if await post(client, f"{url}/threads/{thread}/resume", body, tally) is not None:
        tally.won[pause["id"]] += 1


async def converse(
    index: int, workers: list[Worker], deadline: float, dsn: str, tally: Tally
) -> None:
    """One conversation: turns, answers and corrections, each to a random worker."""
    thread = f"soak-{index}"
    turn = 0
    async with httpx.AsyncClient(timeout=60) as client:
        while time.monotonic() < deadline:
            url = random.choice(workers).url
            try:
                listed = await client.get(f"{url}/threads/{thread}/interrupts")
                waiting = listed.json()["interrupts"] if listed.status_code == 200 else []
            except httpx.HTTPError as error:
                tally.counts[cut(error)] += 1
                await asyncio.sleep(0.2)
                continue
            if waiting and random.random() < 0.85:
                await answer(client, url, thread, random.choice(waiting), dsn, tally)
                continue
            if turn and random.random() < 0.15:
                # The operator undoes the thread's latest run, at times again: no new reply.
                tally.counts["operator rollbacks"] += 1
                await post(client, f"{url}/threads/{thread}/rollback", {}, tally, OPERATOR)
                continue
            turn += 1
            text = random.choice(
                [f"charge {turn} to the order o{index}x{turn}", f"pay the invoice i{index}x{turn}"]
            )
            tally.counts["turns"] += 1
            await post(client, f"{url}/threads/{thread}/messages", {"text": text}, tally)


async def kill_at_random(
    workers: list[Worker], every: float, deadline: float, tally: Tally
) -> None:
    while time.monotonic() < deadline:
        await asyncio.sleep(random.uniform(every / 2, every * 1.5))
        worker = random.choice(workers)
        await asyncio.to_thread(worker.kill)
        tally.counts["kills"] += 1
        await asyncio.to_thread(worker.start)


def count(db: psycopg.Connection[dict[str, Any]], sql: str) -> int:
    row = db.execute(f"SELECT count(*) AS n FROM {sql}").fetchone()
    return int(row["n"]) if row else 0


def check_pauses(db: psycopg.Connection[dict[str, Any]], url: str, tally: Tally) -> list[str]:
    """Every pause answered once, or still answerable; no run left with nobody carrying it."""
    broken = [
        f"pause {row['p']} answered {row['n']} times"
        for row in db.execute(
            "SELECT data->>'interrupt' AS p, count(*) AS n FROM events WHERE type = 'answer' "
            "GROUP BY 1 HAVING count(*) > 1"
        )
    ]
    broken += [f"pause {p} answered with 200 {n} times" for p, n in tally.won.items() if n > 1]
    listed: dict[str, set[tuple[str, str]]] = {}
    for pause in db.execute(
        "SELECT p.id, p.thread, p.token, r.state FROM pauses p JOIN runs r ON r.id = p.run "
        "WHERE p.state = 'open'"
    ).fetchall():
        thread = pause["thread"]
        if thread not in listed:
            shown = httpx.get(f"{url}/threads/{thread}/interrupts", timeout=30).json()
            listed[thread] = {(p["id"], p["token"]) for p in shown["interrupts"]}
        if (pause["id"], pause["token"]) not in listed[thread]:
            broken.append(f"open pause {pause['id']} is not listed with its token")
        if pause["state"] != "waiting":
            broken.append(f"open pause {pause['id']} of a {pause['state']} run")
    broken += [
        f"run {row['id']} is running with nobody carrying it"
        for row in db.execute(
            "SELECT id FROM runs WHERE state = 'running' "
            "AND (lease IS NULL OR lease_until < stalwart_now())"
        )
    ]
    return broken


def check_writes(db: psycopg.Connection[dict[str, Any]]) -> tuple[list[str], Counter[str]]:
    """Every write ran once, or waits as outcome_unknown; the journal's statuses, counted."""
    effects = Counter(row["key"] for row in db.execute("SELECT key FROM soak_effects"))
    asked = {
        (row["run"], row["step"])
        for row in db.execute(
            "SELECT run, step FROM pauses WHERE kind = 'outcome_unknown' AND state = 'open'"
        )
    }
    broken: list[str] = []
    statuses: Counter[str] = Counter()
    for entry in db.execute(
        "SELECT run, step, tool, status, entry->>'undo_status' AS undo FROM journal "
        "WHERE tool IN ('charge', 'pay')"
    ).fetchall():
        key = idempotency_key(entry["run"], entry["step"])
        made, refunds = effects[key], effects[f"{key}-undo"]
        status, where = entry["status"], f"{entry['tool']} at {entry['run']}:{entry['step']}"
        statuses[status] += 1
        if status == "sent":
            broken.append(f"{where} is left sent")
        elif status == "done" and made != 1:
            broken.append(f"{where} is done but ran {made} times")
        elif status == "unknown" and (made > 1 or (entry["run"], entry["step"]) not in asked):
            broken.append(f"{where} is unknown, ran {made} times, and is not asked about")
        elif status not in ("done", "unknown") and made:
            broken.append(f"{where} is {status} but ran {made} times")
        if refunds != (entry["undo"] == "undone"):
            broken.append(f"{where} is {entry['undo'] or 'not undone'}, refunded {refunds} times")
    return broken, statuses


def dump(db: psycopg.Connection[dict[str, Any]], problems: list[str], path: Path) -> None:
    """The runs a broken invariant names -- run, journal, pauses, events -- as JSON, to read."""
    runs = sorted({word.split(":")[0] for p in problems for word in p.split() if ":" in word})
    found = {
        run: {
            table: db.execute(f"SELECT * FROM {table} WHERE {column} = %s", (run,)).fetchall()
            for table, column in (("runs", "id"), ("journal", "run"), ("pauses", "run"))
        }
        | {
            "events": db.execute(
                "SELECT * FROM events WHERE run = %s ORDER BY seq", (run,)
            ).fetchall()
        }
        for run in runs
    }
    path.write_text(json.dumps(found, indent=1, default=str))
    print(f"the runs broken invariants name are in {path}")


def check(
    dsn: str, workers: list[Worker], tally: Tally, dump_to: Path | None = None
) -> dict[str, list[str]]:
    """Every invariant, with what breaks it; prints what the store holds."""
    with psycopg.connect(dsn, autocommit=True, row_factory=dict_row) as db:
        writes, statuses = check_writes(db)
        if dump_to is not None and writes:
            dump(db, writes, dump_to)
        broken = {
            "pauses": check_pauses(db, workers[0].url, tally),
            "writes": writes,
            "replies": [
                f"reply {row['m']} said {row['n']} times"
                for row in db.execute(
                    "SELECT data->>'message' AS m, count(*) AS n FROM events "
                    "WHERE type = 'reply' GROUP BY 1 HAVING count(*) > 1"
                )
            ],
            "stops": [
                f"run {row['id']} was stopped ({row['why']}) but never undone"
                for row in db.execute(
                    "SELECT id, stop->>'why' AS why FROM runs "
                    "WHERE stop IS NOT NULL AND saga IS NULL"
                )
            ],
        }
        figures = {
            "runs": count(db, "runs"),
            "pauses": count(db, "pauses"),
            "pauses still open": count(db, "pauses WHERE state = 'open'"),
            "taken over as outcome_unknown": count(
                db, "events WHERE type = 'call' AND data->>'status' = 'unknown'"
            ),
            "sent again (idempotent)": count(
                db, "events WHERE type = 'call' AND data->>'status' = 'resent'"
            ),
            "undone": count(db, "events WHERE type = 'undo' AND data->>'status' = 'undone'"),
            "undos sent again (idempotent)": count(db, "soak_calls WHERE tool = 'refund'")
            - count(db, "(SELECT DISTINCT key FROM soak_calls WHERE tool = 'refund') AS once"),
            "replies": count(db, "events WHERE type = 'reply'"),
            "stops kept with their run": count(db, "runs WHERE stop IS NOT NULL"),
            "corrections carried on": count(
                db, "events WHERE type = 'reply' AND data->>'text' LIKE '%was not run:%'"
            ),
        }
    print("\nstore")
    for name, n in [*figures.items(), *((f"writes {s}", n) for s, n in sorted(statuses.items()))]:
        print(f"  {name:<32}{n:>8}")
    return broken


def as_url(conninfo: str) -> str:
    """A libpq connection string as the postgresql:// URL an agent file's storage: takes."""
    parts = {key: str(value) for key, value in conninfo_to_dict(conninfo).items()}
    user, password = quote(parts.pop("user", ""), safe=""), parts.pop("password", "")
    credentials = f"{user}:{quote(password, safe='')}@" if password else f"{user}@"
    dbname = quote(parts.pop("dbname", ""), safe="")
    return f"postgresql://{credentials}/{dbname}?{urlencode(parts, quote_via=quote)}"


async def soak(
    args: argparse.Namespace, dsn: str, folder: Path
) -> tuple[Tally, dict[str, list[str]]]:
    tally = Tally()
    storage = as_url(dsn)
    with psycopg.connect(dsn, autocommit=True) as db:
        for statement in TABLES:
            db.execute(statement)
    (folder / "agent.yaml").write_text(AGENT.format(storage=storage, lease=LEASE, sweep=SWEEP))
    (folder / "vocabulary.yaml").write_text(VOCABULARY)
    (folder / "soak_tools.py").write_text(TOOLS)
    env = {"SOAK_EFFECTS_URL": dsn, "PYTHONPATH": os.pathsep.join([str(folder), *sys.path])}
    workers = [Worker(folder / "agent.yaml", env) for _ in range(2)]
    with ExitStack() as stack:
        for worker in workers:
            worker.start()
            stack.callback(worker.stop)
        deadline = time.monotonic() + args.minutes * 60
        await asyncio.gather(
            kill_at_random(workers, args.kill_every, deadline, tally),
            *(converse(i, workers, deadline, dsn, tally) for i in range(args.conversations)),
        )
        settle = LEASE + SWEEP + 5
        print(f"stopped; letting both workers sweep for {settle:g} s")
        await asyncio.sleep(settle)
        broken = check(dsn, workers, tally, args.dump)
    if args.dump is not None:
        for log in folder.glob("serve-*.log"):
            shutil.copy(log, args.dump.with_name(f"{args.dump.stem}-{log.name}"))
    return tally, broken


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=10)
    parser.add_argument("--conversations", type=int, default=20)
    parser.add_argument("--kill-every", type=float, default=4, help="seconds, on average")
    parser.add_argument(
        "--dump",
        type=Path,
        help="write the runs a broken write names here, and the workers' logs beside it",
    )
    args = parser.parse_args()
    with postgres_server() as database, tempfile.TemporaryDirectory(prefix="stalwart-soak-") as tmp:
        dsn = database("soak")
        started = time.monotonic()
        tally, broken = asyncio.run(soak(args, dsn, Path(tmp)))
        minutes = (time.monotonic() - started) / 60
        print(f"\nclients ({minutes:.1f} min, {args.conversations} conversations)")
        for name, n in sorted(tally.counts.items()):
            print(f"  {name:<32}{n:>8}")
    print("\ninvariants")
    for name, problems in broken.items():
        print(f"  {name:<32}{'ok' if not problems else f'{len(problems)} broken':>8}")
        for problem in problems[:10]:
            print(f"    {problem}")
    return 1 if any(broken.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
