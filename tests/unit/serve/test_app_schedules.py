"""make_app(schedules=True) sends the agent file's scheduled turns; --sleeps refuses always_on."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from stalwart_agents.serve import make_app


def with_schedule(agent: Path, *, always_on: bool) -> Path:
    text = agent.read_text(encoding="utf-8") + (
        "\nschedules:\n"
        "  - name: every-second\n"
        '    cron: "* * * * * *"\n'
        "    thread: scheduled\n"
        "    text: look up order 4411\n"
        f"    always_on: {'true' if always_on else 'false'}\n"
    )
    agent.write_text(text, encoding="utf-8")
    return agent


def wait_for_lookup(calls: Callable[[str], int], seconds: float) -> int:
    deadline = time.monotonic() + seconds
    while calls("lookup") == 0 and time.monotonic() < deadline:
        time.sleep(0.1)
    return calls("lookup")


def test_a_schedule_sends_its_turn(contract_agent: Path, calls: Callable[[str], int]) -> None:
    app = make_app(with_schedule(contract_agent, always_on=True), schedules=True)
    with TestClient(app):
        assert wait_for_lookup(calls, 5) >= 1


def test_a_host_that_sleeps_does_not_take_an_always_on_schedule(
    contract_agent: Path, calls: Callable[[str], int], caplog: pytest.LogCaptureFixture
) -> None:
    app = make_app(with_schedule(contract_agent, always_on=True), schedules=True, sleeps=True)
    with TestClient(app):
        assert wait_for_lookup(calls, 2.5) == 0
    assert "always_on" in caplog.text


def test_without_schedules_the_app_sends_nothing(
    contract_agent: Path, calls: Callable[[str], int]
) -> None:
    with TestClient(make_app(with_schedule(contract_agent, always_on=False))):
        assert wait_for_lookup(calls, 2.5) == 0
