"""What a profiled worker spent a cycle: cProfile's statistics of a loaded run, less those of the
same worker started and stopped with no load, so that starting up counts for nothing.

Calls and statements per cycle do not depend on how fast the machine is at the moment, so they
compare two versions of the code where timings on a shared machine cannot.
"""

from __future__ import annotations

import pstats
from typing import Any

from cpu import top_entries

STATEMENTS = {
    "_execute_send",
    "_send_query_prepared",
    *(
        f"<method '{verb}' of 'sqlite3.{kind}' objects>"
        for verb in ("execute", "executemany")
        for kind in ("Connection", "Cursor")
    ),
}
"""What the drivers call once a statement: psycopg's cursor (before and after it prepares the
statement), and sqlite3's connection or cursor."""

Row = tuple[int, int, float, float, Any]
"""cProfile's (primitive calls, calls, own seconds, cumulative seconds, callers)."""


def print_profile(
    title: str, idle: pstats.Stats, busy: pstats.Stats, cycles: int, top: int
) -> None:
    """Calls, statements and the top entries by own time, per cycle."""
    before: dict[Any, Row] = idle.stats  # type: ignore[attr-defined]
    after: dict[Any, Row] = busy.stats  # type: ignore[attr-defined]
    # asyncio's run holds the time the loop waited for I/O as its own.
    spent = {key: _less(row, before.get(key)) for key, row in after.items() if key[2] != "run"}
    print(f"\nProfile: {title}, one conversation, {cycles} cycles under cProfile")
    calls = sum(row[1] for row in spent.values())
    statements = sum(row[1] for key, row in spent.items() if key[2] in STATEMENTS)
    print(f"  Python function calls per cycle: {calls / cycles:,.0f}")
    print(f"  store statements per cycle: {statements / cycles:.1f}")
    for line in top_entries(spent, cycles, top):
        print(line)


def _less(row: Row, idle: Row | None) -> Row:
    """A function's figures in the loaded run, less the idle run's."""
    if idle is None:
        return row
    return (row[0] - idle[0], row[1] - idle[1], row[2] - idle[2], row[3] - idle[3], row[4])
