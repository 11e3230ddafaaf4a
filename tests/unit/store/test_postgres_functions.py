"""PostgreSQL runs the functions store/postgres/_functions.py holds, and they speak StaleReason."""

from __future__ import annotations

import re

import psycopg
import pytest

from stalwart_agents.store._records import StaleReason
from stalwart_agents.store.postgres import PostgresRunStore
from stalwart_agents.store.postgres._functions import CLAIM, FUNCTIONS

from .test_store_conformance import waiting_run


def test_the_claim_gives_exactly_the_stale_reasons_of_the_enum() -> None:
    code = re.sub(r"--[^\n]*", "", CLAIM)
    # The claim's other string literals are single words: keys, states, statuses.
    sentences = {literal for literal in re.findall(r"'([^']*)'", code) if " " in literal}
    assert sentences == {reason.value for reason in StaleReason}


@pytest.mark.postgres
async def test_a_migrated_database_runs_the_functions_as_written_there(postgres_url: str) -> None:
    async with PostgresRunStore(postgres_url):
        pass
    with psycopg.connect(postgres_url) as conn:
        installed = conn.execute(
            "SELECT proname, prosrc FROM pg_proc "
            "WHERE pronamespace = current_schema()::regnamespace"
        ).fetchall()
    assert dict(installed) == {name: sql.split("$$")[1] for name, sql in FUNCTIONS.items()}


@pytest.mark.postgres
async def test_a_claim_tells_listeners_once_its_durable_commit_is_in(postgres_url: str) -> None:
    async with (
        PostgresRunStore(postgres_url) as store,
        await psycopg.AsyncConnection.connect(postgres_url, autocommit=True) as listener,
    ):
        await listener.execute("LISTEN stalwart_events")
        run = await waiting_run(store, "t-9")
        # The pause's own notice is heard first; only the claim's is asked about.
        [_ async for _ in listener.notifies(timeout=1)]
        claimed = await store.claim("t-9", f"{run['id']}-0", "tok", "approve", None, None, "w2", 30)
        assert claimed.status == "ok"
        told = [note.payload async for note in listener.notifies(timeout=5, stop_after=1)]
    assert told == ["t-9"]
