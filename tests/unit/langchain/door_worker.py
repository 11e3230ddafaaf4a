"""A door worker in a process of its own, for crash tests: it runs one turn until it is killed.

    python -m tests.unit.langchain.door_worker FOLDER HOOK_URL [--dsn DSN] [--block MARKER]

The graph asks one charge (graphs.one_question) over SqliteSaver in FOLDER, or PostgresSaver
at DSN, with the run store beside it; new interrupts are posted to HOOK_URL. With --block,
the door stops for good after the graph committed the interrupt and before the run store
tracks it (its kind_of writes MARKER and sleeps), the window a crash must not lose.
"""

from __future__ import annotations

import argparse
import asyncio
import time
from collections.abc import Mapping
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.checkpoint.postgres import PostgresSaver
from langgraph.checkpoint.sqlite import SqliteSaver

from stalwart_agents.langchain import GraphDoor, Webhook, confirm_kind
from stalwart_agents.store import RunStore
from stalwart_agents.store.postgres import PostgresRunStore
from stalwart_agents.store.sqlite import SqliteRunStore

from .graphs import CHARGE, Effects, one_question
from .helpers import CONFIG

SECRET = "whsec_crash"
# The turn's note stands a second unrenewed; the turn's own post gets two seconds before the
# outbox's copy falls due, so a killed worker's delivery is due three seconds after it tracked.
LEASE_SECONDS = 1.0
NOTIFY_SECONDS = 2.0


def saver_and_store(stack: ExitStack, folder: Path, dsn: str | None) -> tuple[Any, RunStore]:
    """The checkpointer and the run store a worker of this test connects to."""
    if dsn is None:
        saver: BaseCheckpointSaver[Any] = stack.enter_context(
            SqliteSaver.from_conn_string(str(folder / "checkpoints.db"))
        )
        return saver, SqliteRunStore(folder / "runs.db")
    postgres = stack.enter_context(PostgresSaver.from_conn_string(dsn))
    postgres.setup()
    return postgres, PostgresRunStore(dsn)


def door(
    stack: ExitStack, folder: Path, dsn: str | None, hook_url: str, **options: Any
) -> GraphDoor:
    """A worker's door on the test's databases, posting to the test's receiver."""
    saver, store = saver_and_store(stack, folder, dsn)
    return GraphDoor(
        one_question(Effects(folder / "effects.db"), saver, CHARGE),
        store=store,
        on_interrupt=Webhook(hook_url, SECRET, timeout=30),
        lease_seconds=LEASE_SECONDS,
        notify_seconds=NOTIFY_SECONDS,
        **options,
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("folder", type=Path)
    parser.add_argument("hook_url")
    parser.add_argument("--dsn")
    parser.add_argument("--block", type=Path)
    options = parser.parse_args()
    marker: Path | None = options.block

    def blocking_kind(value: Any) -> tuple[str, Mapping[str, Any]]:
        if marker is not None:
            marker.write_text("committed, not tracked")
            time.sleep(600)
        return confirm_kind(value)

    with ExitStack() as stack:
        worker = door(stack, options.folder, options.dsn, options.hook_url, kind_of=blocking_kind)
        asyncio.run(worker.invoke({"done": []}, CONFIG))


if __name__ == "__main__":
    main()
