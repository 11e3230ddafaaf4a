"""A served pause that expires: the card's fields, then each worker's own sweep answers it."""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import httpx
import pytest
from contract_tools import calls

from .conftest import copy_agent, stalwart_serve
from .test_two_workers import as_url

EXPIRING = "    write: true\n    expires: {after: 2s, answer: skip}\n"
SWEEPS = "runs:\n  sweep_seconds: 0.2\n"


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def worker(
    request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[str]:
    """A `stalwart serve` worker whose charges expire two seconds after they ask."""
    storage = None
    if request.param == "postgres":
        storage = as_url(str(request.getfixturevalue("postgres_url")))
    agent = copy_agent(tmp_path / "agent", storage=storage)
    text = agent.read_text(encoding="utf-8").replace("    write: true\n", EXPIRING, 1)
    agent.write_text(text + SWEEPS, encoding="utf-8")
    monkeypatch.setenv("CONTRACT_CALLS_URL", storage or f"sqlite:///{agent.parent / 'calls.db'}")
    with stalwart_serve(agent, env={}) as url:
        yield url


def test_an_unanswered_charge_is_skipped_by_expiry_and_never_runs(worker: str) -> None:
    asked = httpx.post(f"{worker}/threads/x-1/messages", json={"text": "charge 40 to order 4411"})
    [pause] = asked.json()["waiting"]
    expires = datetime.fromisoformat(pause["expires_at"])
    assert pause["expiry_answer"] == "skip"
    assert 0 < (expires - datetime.now(UTC)).total_seconds() <= 2
    deadline = time.monotonic() + 20
    while httpx.get(f"{worker}/threads/x-1/interrupts").json()["interrupts"]:
        assert time.monotonic() < deadline, "no sweep answered the expired pause"
        time.sleep(0.2)
    assert datetime.now(UTC) >= expires
    late = {"interrupt_id": pause["id"], "token": pause["token"], "decision": "approve"}
    stale = httpx.post(f"{worker}/threads/x-1/resume", json=late)
    assert (stale.status_code, stale.json()["code"]) == (409, "interrupt_stale")
    assert calls("charge") == []
