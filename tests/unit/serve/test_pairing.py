"""The --dev-pair code pairs one browser, within ten minutes, and resists guessing."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from stalwart_agents.desk import Desk
from stalwart_agents.serve._pairing import (
    PairingCode,
    PairingExpired,
    PairingThrottled,
    PairingUsed,
    PairingWrong,
)

CONSOLE = "http://localhost:5173"


class Clock:
    """Time that moves only when the test says so."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def wrong(code: PairingCode) -> str:
    return f"{(int(code.code) + 1) % 10**6:06d}"


def test_the_code_is_six_digits() -> None:
    code = PairingCode().code
    assert len(code) == 6
    assert code.isdigit()


async def staff_of(agent_file: Path) -> list[str]:
    """The staff sessions the agent's run store keeps, read as another worker would."""
    async with Desk(agent_file) as desk:
        return [record["session"] for record in await desk.store.staff()]


def test_the_right_code_pairs(serve: Callable[..., TestClient], contract_agent: Path) -> None:
    pairing = PairingCode()
    app = serve(pairing=pairing, console_origin=CONSOLE)
    refused = app.get("/threads/t-1/interrupts", headers={"Origin": CONSOLE})
    assert refused.status_code == 401
    session = app.post("/pair", json={"code": pairing.code}).json()["session"]
    assert asyncio.run(staff_of(contract_agent)) == [session]
    served = app.get(
        "/threads/t-1/interrupts", headers={"Origin": CONSOLE, "Stalwart-Session": session}
    )
    # Past the pairing gate: the thread is unknown, which only a served request can learn.
    assert (served.status_code, served.json()["code"]) == (404, "not_found")


def test_the_code_pairs_only_once() -> None:
    pairing = PairingCode()
    pairing.exchange(pairing.code)
    with pytest.raises(PairingUsed):
        pairing.exchange(pairing.code)


def test_a_wrong_code_does_not_pair() -> None:
    pairing = PairingCode()
    with pytest.raises(PairingWrong):
        pairing.exchange(wrong(pairing))


def test_the_code_expires_after_ten_minutes() -> None:
    clock = Clock()
    pairing = PairingCode(clock=clock)
    clock.now += 600
    with pytest.raises(PairingExpired):
        pairing.exchange(pairing.code)


def test_five_wrong_codes_in_a_minute_stop_even_the_right_one() -> None:
    clock = Clock()
    pairing = PairingCode(clock=clock)
    for _ in range(5):
        with pytest.raises(PairingWrong):
            pairing.exchange(wrong(pairing))
    with pytest.raises(PairingThrottled) as caught:
        pairing.exchange(pairing.code)
    assert caught.value.retry_after == 60


def test_the_throttle_lifts_when_the_minute_passes() -> None:
    clock = Clock()
    pairing = PairingCode(clock=clock)
    for _ in range(5):
        with pytest.raises(PairingWrong):
            pairing.exchange(wrong(pairing))
    clock.now += 60
    pairing.exchange(pairing.code)


def test_the_banner_shows_the_code() -> None:
    pairing = PairingCode()
    assert pairing.code in pairing.banner("http://127.0.0.1:8700")
