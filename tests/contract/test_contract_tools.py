"""The contract tools' call log: the tests count real tool runs in it, so its first use may race.

A test polls `calls` while a worker's tool records its first call; on PostgreSQL, two sessions
creating the same table at once is a race of its own, which must not fail either side.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from functools import partial

import psycopg
import pytest
from contract_tools import calls, lookup

from .test_two_workers import as_url

ROUNDS = 30
SIDES = 6


def race(sides: Sequence[Callable[[], object]]) -> list[Exception]:
    """Start every side at once; the errors they raised."""
    start, errors = threading.Barrier(len(sides)), list[Exception]()

    def run(side: Callable[[], object]) -> None:
        start.wait()
        try:
            side()
        except Exception as error:
            errors.append(error)

    threads = [threading.Thread(target=run, args=(side,)) for side in sides]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    return errors


def test_the_first_reads_and_writes_on_postgres_race_without_failing(
    postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CONTRACT_CALLS_URL", as_url(postgres_url))
    for number in range(ROUNDS):
        with psycopg.connect(postgres_url, autocommit=True) as db:
            db.execute("DROP TABLE IF EXISTS calls")
        readers = [partial(calls, "lookup")] * (SIDES // 2)
        writers = [partial(lookup, str(number))] * (SIDES - SIDES // 2)
        assert race(readers + writers) == []
        assert len(calls("lookup")) == SIDES - SIDES // 2
