"""An approval racing a correction on two `stalwart serve` workers ends one of two ways only.

Either the answer wins (the call runs, and the correction undoes it and reports it) or the
correction wins (the answer is 409 interrupt_stale and the call never ran). Read each time from
the tools' own calls table and from the run store, 200 times per store.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from contract_tools import calls

from tests.conftest import make_store

from .conftest import copy_agent, stalwart_serve
from .test_two_workers import as_url

RACES = 200
# The charge takes this long, so a turn can arrive while the approved call is still out.
CHARGE_SECONDS = "0.03"
# The answer leaves up to this much after the turn, swept over the races: a turn takes longer
# than an answer to reach the run, so some answers must wait for the turn to get there first.
STAGGER_SECONDS = 0.03
NO_RACE = "the answered run had ended before the turn came"


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def served(
    request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[tuple[str, str, str]]:
    """Two worker processes on one store (a PostgreSQL database, or one SQLite file)."""
    if request.param == "postgres":
        dsn = str(request.getfixturevalue("postgres_url"))
        agent = copy_agent(tmp_path / "agent", storage=as_url(dsn))
        monkeypatch.setenv("CONTRACT_CALLS_URL", as_url(dsn))
    else:
        agent = copy_agent(tmp_path / "agent")
        dsn = str(agent.parent / "runs.db")
        monkeypatch.setenv("CONTRACT_CALLS_URL", f"sqlite:///{agent.parent / 'calls.db'}")
    env = {"CONTRACT_CHARGE_SECONDS": CHARGE_SECONDS}
    with stalwart_serve(agent, env=env) as first, stalwart_serve(agent, env=env) as second:
        yield first, second, dsn


async def together(*requests: tuple[float, Any]) -> list[httpx.Response]:
    """Send the requests at one moment, each after its own delay, once all are at the gate."""
    gate = asyncio.Event()
    ready = 0

    async def send(delay: float, request: Any) -> httpx.Response:
        nonlocal ready
        ready += 1
        if ready == len(requests):
            gate.set()
        await gate.wait()
        if delay:
            await asyncio.sleep(delay)
        response: httpx.Response = await request
        return response

    return list(await asyncio.gather(*(send(delay, request) for delay, request in requests)))


async def race_once(
    answerer: httpx.AsyncClient,
    corrector: httpx.AsyncClient,
    thread: str,
    order: str,
    stagger: float,
) -> tuple[httpx.Response, httpx.Response]:
    """Pause a charge, then approve it on one worker as a new turn corrects it on the other."""
    turn = await answerer.post(
        f"/threads/{thread}/messages", json={"text": f"charge 40 to order {order}"}
    )
    assert turn.status_code == 200, turn.text
    [pause] = turn.json()["waiting"]
    approval = {"interrupt_id": pause["id"], "token": pause["token"], "decision": "approve"}
    answer, correction = await together(
        (stagger, answerer.post(f"/threads/{thread}/resume", json=approval)),
        (
            0.0,
            corrector.post(f"/threads/{thread}/messages", json={"text": f"look up order {order}"}),
        ),
    )
    return answer, correction


def one_after_the_other(
    answer: httpx.Response, correction: httpx.Response, events: list[dict[str, Any]]
) -> bool:
    """The answered run had ended, in the store, before the turn's run began: no race at all."""
    if answer.status_code != 200 or correction.status_code != 200:
        return False
    answered = [e["id"] for e in events if e["run"] == answer.json()["run"]]
    turned = [e["id"] for e in events if e["run"] == correction.json()["run"]]
    return bool(answered and turned) and max(answered) < min(turned)


def outcome(
    answer: httpx.Response, correction: httpx.Response, order: str, events: list[dict[str, Any]]
) -> str:
    """Which of the two allowed endings this was, or a description of the forbidden one."""
    charged = [call for call in calls("charge") if call["order_id"] == order]
    refunded = [call for call in calls("refund") if call["charge_id"] == f"ch-{order}"]
    ran = [e for e in events if e["type"] == "call" and e["data"].get("tool") == "charge"]
    undone = [e for e in events if e["type"] == "undo" and e["data"].get("tool") == "charge"]
    report = correction.json().get("rollback") if correction.status_code == 200 else None
    reported = [entry["tool"] for entry in (report or {}).get("undone", [])]
    if report is None and one_after_the_other(answer, correction, events) and len(charged) == 1:
        return NO_RACE
    if (
        answer.status_code == 200
        and len(charged) == len(refunded) == len(ran) == len(undone) == 1
        and reported == ["charge"]
    ):
        return "answer won"
    if (
        answer.status_code == 409
        and answer.json()["code"] == "interrupt_stale"
        and correction.status_code == 200
        and not charged
        and not refunded
        and not ran
        and not reported
    ):
        return "correction won"
    return (
        f"answer {answer.status_code} {answer.json().get('reply', answer.text)[:60]!r}, correction "
        f"{correction.status_code}, charged {len(charged)}, refunded {len(refunded)}, "
        f"call events {len(ran)}, undo events {len(undone)}, reported undone {reported}"
    )


async def race(workers: tuple[str, str], dsn: str) -> Counter[str]:
    """RACES races, each worker answering half of them; the endings counted.

    On a busy machine the turn may reach the store only after the answered run has ended; that
    pair did not race, so it is counted apart and another pair is sent.
    """
    store = make_store(dsn)
    endings: Counter[str] = Counter()
    async with (
        store,
        httpx.AsyncClient(base_url=workers[0], timeout=60) as first,
        httpx.AsyncClient(base_url=workers[1], timeout=60) as second,
    ):
        index = 0
        while sum(endings.values()) - endings[NO_RACE] < RACES:
            assert endings[NO_RACE] <= RACES // 10, f"the requests seldom overlap: {endings}"
            answerer, corrector = (first, second) if index % 2 else (second, first)
            thread, order = f"race-{index}", str(5000 + index)
            stagger = STAGGER_SECONDS * (index % 20) / 19
            answer, correction = await race_once(answerer, corrector, thread, order, stagger)
            events = [dict(event) for event in await store.events(thread)]
            endings[outcome(answer, correction, order, events)] += 1
            index += 1
    return endings


def test_an_approval_racing_a_correction_either_runs_and_is_undone_or_is_stale(
    served: tuple[str, str, str],
) -> None:
    first, second, dsn = served
    endings = asyncio.run(race((first, second), dsn))
    print(f"\n{dict(endings)}")
    assert set(endings) <= {"answer won", "correction won", NO_RACE}, dict(endings)
    assert endings["answer won"] + endings["correction won"] == RACES
