"""Statements, rows and WAL frames a pause -> resume cycle costs the store, counted, not timed.

A cycle is bench/resume.py's: a turn whose write pauses for a person, then the person's
approval, after which the write runs. Counts do not depend on how busy the machine is, so two
versions of the store compare here where timings on a shared machine cannot.

On SQLite every statement either connection runs is traced (sqlite3's trace callback, once a
statement's run, executemany's once a row, a trigger's run as its statement again), rows changed
come from total_changes, and WAL frames by table and index from the WAL itself
(bench/wal_frames.py). On PostgreSQL (STALWART_BENCH_DATABASE_URL, or an embedded server) the
client's statements are counted, and the server's rows written and scans made, per table, from
pg_stat_user_tables once the store's connections have closed.

    .venv/bin/python bench/statements.py [--cycles 200] [--only sqlite|postgres]
"""

from __future__ import annotations

import argparse
import asyncio
import re
import sqlite3
import sys
import tempfile
import uuid
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from resume import PLAN, postgres_server, write_agent
from wal_frames import read_wal, tree_names

from stalwart_agents.desk import Desk
from stalwart_agents.store.postgres import PostgresRunStore
from stalwart_agents.store.sqlite import SqliteRunStore

_TABLE = re.compile(r"\b(?:FROM|INTO|UPDATE|JOIN)\s+([A-Za-z_]+)", re.IGNORECASE)
_FUNCTION = re.compile(r"SELECT\s+(?:\*\s+FROM\s+)?(stalwart_\w+)\s*\(", re.IGNORECASE)
_KINDS = ("SELECT", "INSERT", "UPDATE", "DELETE")


def kind_of(sql: str) -> str:
    """A statement's kind and its first table: `UPDATE runs`, `SELECT pauses`, `COMMIT`."""
    text = sql.strip()
    function = _FUNCTION.match(text)
    if function:
        return f"SELECT {function.group(1)}()"
    verb = text.split(None, 1)[0].upper() if text else ""
    if verb in ("WITH", *_KINDS):
        table = _TABLE.search(text)
        verb = "SELECT" if verb == "WITH" else verb
        return f"{verb} {table.group(1).lower() if table else '?'}"
    if verb == "PRAGMA":
        return "PRAGMA " + text.split(None, 1)[1].split("=")[0].split("(")[0].strip()
    return verb


async def cycle(desk: Desk) -> None:
    """One turn that pauses on the charge, then its approval, after which the charge runs."""
    thread = f"s-{uuid.uuid4().hex[:12]}"
    pause = (await desk.turn(thread, PLAN)).waiting[0]
    reply = await desk.resume(thread, pause.id, "approve", pause.token)
    if reply.waiting or "ch-4411" not in reply.reply:
        raise RuntimeError(f"The approved charge did not run: {reply.reply}")


def print_counts(title: str, counts: Counter[str], cycles: int) -> None:
    """Per cycle: the total, each kind's total, then each kind and table."""
    total = sum(counts.values())
    print(f"\n{title}: {total / cycles:.2f} a cycle ({cycles} cycles)")
    by_verb: Counter[str] = Counter()
    for key, count in counts.items():
        by_verb[key.split(" ", 1)[0]] += count
    print("  " + ", ".join(f"{verb} {n / cycles:.2f}" for verb, n in by_verb.most_common()))
    for key, count in sorted(counts.items(), key=lambda item: (-item[1], item[0])):
        print(f"  {count / cycles:>8.2f}  {key}")


async def on_sqlite(agent: Path, here: Path, cycles: int, warmup: int) -> None:
    """Statements, rows changed and WAL frames a cycle, with checkpoints held off."""
    store = SqliteRunStore(here / "statements.db", checkpoint_every=2**62)
    counts: Counter[str] = Counter()
    counting = False

    last = [""]

    def trace(sql: str) -> None:
        # sqlite3 shows a trigger's run as the statement that fired it, again.
        if counting:
            kind = kind_of(sql)
            counts[f"trigger on {kind.split()[-1]}" if sql == last[0] else kind] += 1
        last[0] = sql

    async with Desk(agent, store=store) as desk:
        for _ in range(warmup):
            await cycle(desk)
        connections = [store._fast, store._conn]
        for conn in connections:
            assert conn is not None
            conn.set_trace_callback(trace)
        wal = store.path.with_name(store.path.name + "-wal")
        with sqlite3.connect(store.path) as conn:
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        changed = sum(conn.total_changes for conn in connections if conn is not None)
        counting = True
        for _ in range(cycles):
            await cycle(desk)
        counting = False
        changed = sum(conn.total_changes for conn in connections if conn is not None) - changed
        writes = read_wal(wal)
    print_counts("SQLite: statements", counts, cycles)
    print(f"  rows changed (total_changes): {changed / cycles:.2f} a cycle")
    names = tree_names(store.path)
    frames = writes.trees(names)
    print_counts(f"SQLite: WAL frames ({len(writes.commits) / cycles:.2f} commits)", frames, cycles)


_TABLE_STATS = (
    "SELECT relname, n_tup_ins, n_tup_upd, n_tup_hot_upd, n_tup_del, "
    "COALESCE(seq_scan, 0) AS seq_scan, COALESCE(idx_scan, 0) AS idx_scan "
    "FROM pg_stat_user_tables"
)


def _text(query: Any) -> str:
    """A psycopg query's text, whether a string, bytes or composed."""
    if isinstance(query, bytes):
        return query.decode()
    return query if isinstance(query, str) else str(query.as_string())


def _table_stats(dsn: str) -> dict[str, dict[str, int]]:
    import psycopg
    from psycopg.rows import dict_row

    with psycopg.connect(dsn, autocommit=True, row_factory=dict_row) as conn:
        return {row.pop("relname"): row for row in conn.execute(_TABLE_STATS).fetchall()}


async def on_postgres(agent: Path, dsn: str, cycles: int, warmup: int) -> None:
    """The client's statements a cycle, and what the server's tables saw."""
    import psycopg

    counts: Counter[str] = Counter()
    counting = False
    calls: dict[Any, Any] = {}
    # Every statement goes through a cursor's execute (a connection's execute makes a cursor).
    for cls in (psycopg.AsyncCursor,):
        original = cls.execute

        async def counted(
            self: Any, query: Any, *args: Any, _was: Any = original, **kw: Any
        ) -> Any:
            if counting:
                counts[kind_of(_text(query))] += 1
            return await _was(self, query, *args, **kw)

        calls[cls] = original
        cls.execute = counted  # type: ignore[method-assign]
    try:
        store = PostgresRunStore(dsn)
        async with Desk(agent, store=store) as desk:
            for _ in range(warmup):
                await cycle(desk)
            await store.close()
            before = _table_stats(dsn)
            await store.open()
            counting, trips = True, store.round_trips
            for _ in range(cycles):
                await cycle(desk)
            counting, trips = False, store.round_trips - trips
            await store.close()
            after = _table_stats(dsn)
            await store.open()
    finally:
        for cls, original in calls.items():
            cls.execute = original
    print_counts("PostgreSQL: the client's statements", counts, cycles)
    print(f"  the store's round trips: {trips / cycles:.2f} a cycle")
    print(f"\nPostgreSQL: rows and scans a cycle, by table ({cycles} cycles)")
    print(f"  {'table':<22}{'ins':>7}{'upd':>7}{'hot':>7}{'del':>7}{'seq':>7}{'idx':>7}")
    totals: Counter[str] = Counter()
    for table in sorted(after):
        was = before.get(table, {})
        delta = {key: value - was.get(key, 0) for key, value in after[table].items()}
        totals.update(delta)
        if any(delta.values()):
            print(f"  {table:<22}" + "".join(f"{v / cycles:>7.2f}" for v in delta.values()))
    print(f"  {'all':<22}" + "".join(f"{v / cycles:>7.2f}" for v in totals.values()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cycles", type=int, default=200)
    parser.add_argument("--warmup", type=int, default=20)
    parser.add_argument("--only", choices=["sqlite", "postgres"])
    options = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="stalwart-statements-") as folder:
        here = Path(folder)
        agent = write_agent(here)
        if options.only in (None, "sqlite"):
            asyncio.run(on_sqlite(agent, here, options.cycles, options.warmup))
        if options.only in (None, "postgres"):
            with postgres_server() as database:
                asyncio.run(on_postgres(agent, database("ours"), options.cycles, options.warmup))


if __name__ == "__main__":
    main()
