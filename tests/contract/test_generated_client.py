"""The client in clients/python, installed with pip, drives every kind of pause against the host."""

from __future__ import annotations

import importlib
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from contract_tools import calls

from .conftest import OPERATOR_TOKEN, stalwart_serve

REPO = Path(__file__).resolve().parents[2]
CLIENT = REPO / "clients" / "python"
KINDS = Path(__file__).with_name("kinds")
PACKAGE = "stalwart_agents_client"


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """`pip install clients/python` into a folder of its own, offline, and import from there."""
    target = tmp_path_factory.mktemp("site")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--quiet",
            "--no-deps",
            "--no-index",
            "--no-build-isolation",
            f"--target={target}",
            str(CLIENT),
        ],
        check=True,
        capture_output=True,
        timeout=300,
    )
    sys.path.insert(0, str(target))
    try:
        yield str(target)
    finally:
        sys.path.remove(str(target))
        for name in [name for name in sys.modules if name.startswith(PACKAGE)]:
            del sys.modules[name]


def load(name: str) -> ModuleType:
    return importlib.import_module(f"{PACKAGE}.{name}")


@pytest.fixture
def kinds_agent(tmp_path: Path) -> Path:
    """The kinds agent in a folder of its own."""
    folder = tmp_path / "kinds"
    shutil.copytree(KINDS, folder, ignore=shutil.ignore_patterns("__pycache__"))
    return folder / "agent.yaml"


def test_the_installed_client_comes_from_clients_python(installed: str) -> None:
    module = load("events")
    assert Path(module.__file__ or "").is_relative_to(installed)


def test_a_turn_its_pause_and_an_approval_through_the_generated_client(
    installed: str, contract_agent: Path
) -> None:
    client_module = load("client")
    post_message = load("api.threads.post_message")
    list_interrupts = load("api.threads.list_interrupts")
    resume = load("api.threads.resume")
    models = load("models")
    events = load("events")

    with stalwart_serve(contract_agent, env={}) as url:
        client = client_module.Client(base_url=url, raise_on_unexpected_status=True)
        reply = post_message.sync(
            "c-1", client=client, body=models.TurnRequest(text="charge 40 to order 4411")
        )
        assert isinstance(reply, models.TurnReply)
        [pause] = reply.waiting
        assert isinstance(pause, models.ConfirmInterrupt)
        assert pause.tool == "charge"

        listed = list_interrupts.sync("c-1", client=client)
        assert [waiting.id for waiting in listed.interrupts] == [pause.id]

        answer = models.ConfirmResume(
            kind="confirm",
            interrupt_id=pause.id,
            decision=models.ConfirmResumeDecision.APPROVE,
            token=pause.token,
        )
        carried = resume.sync("c-1", client=client, body=answer)
        assert isinstance(carried, models.TurnReply)
        assert carried.waiting == []

        ran = None
        for event in events.stream(client, "c-1"):
            if event.type_ == models.EventType.CALL:
                ran = event.data.additional_properties
                break
    assert ran is not None
    assert ran["tool"] == "charge"
    assert len(calls("charge")) == 1


def _answer(models: ModuleType, pause: Any, decision: str, **more: Any) -> Any:
    """The kind's own answer model for the pause, taking the decision by its value."""
    name = type(pause).__name__.removesuffix("Interrupt")
    model = getattr(models, f"{name}Resume")
    choice = getattr(models, f"{name}ResumeDecision")(decision)
    return model(kind=pause.kind, interrupt_id=pause.id, decision=choice, token=pause.token, **more)


def test_every_kind_is_answered_with_only_the_client_and_its_stream_tells_each_answer(
    installed: str, kinds_agent: Path
) -> None:
    client_module = load("client")
    post_message = load("api.threads.post_message")
    resume = load("api.threads.resume")
    rollback = load("api.operators.rollback")
    models = load("models")
    events = load("events")

    env = {"QLS_OPERATOR_TOKEN": OPERATOR_TOKEN}
    with stalwart_serve(kinds_agent, env=env) as url:
        client = client_module.Client(base_url=url, raise_on_unexpected_status=True)
        operator = client_module.AuthenticatedClient(
            base_url=url, token=OPERATOR_TOKEN, raise_on_unexpected_status=True
        )

        def say(thread: str, text: str) -> Any:
            reply = post_message.sync(thread, client=client, body=models.TurnRequest(text=text))
            assert isinstance(reply, models.TurnReply), reply
            return reply

        def answer(thread: str, pause: Any, decision: str, **more: Any) -> Any:
            body = _answer(models, pause, decision, **more)
            reply = resume.sync(thread, client=client, body=body)
            assert isinstance(reply, models.TurnReply), reply
            return reply

        [confirm] = say("k-confirm", "charge 40 to order 4411").waiting
        assert isinstance(confirm, models.ConfirmInterrupt)
        assert answer("k-confirm", confirm, "approve").waiting == []

        report = rollback.sync("k-confirm", client=operator)
        assert isinstance(report, models.RollbackReport)
        stuck = report.waiting
        assert isinstance(stuck, models.SagaStuckInterrupt)
        assert [entry.tool for entry in stuck.pending] == ["charge"]
        assert answer("k-confirm", stuck, "abandon").waiting == []

        [shipping] = say("k-ship", "ship order 4412").waiting
        [unknown] = answer("k-ship", shipping, "approve").waiting
        assert isinstance(unknown, models.OutcomeUnknownInterrupt)
        assert answer("k-ship", unknown, "happened").waiting == []

        [asked] = say("k-note", "add a note to order 4411").waiting
        assert isinstance(asked, models.AskInterrupt)
        assert asked.type_ == models.ArgumentType.STRING
        noted = answer("k-note", asked, "answer", type_=asked.type_, value="fragile")
        assert noted.waiting == []

        [delegate] = say("k-unread", "sing me a song about clouds").waiting
        assert isinstance(delegate, models.DelegateInterrupt)
        assert answer("k-unread", delegate, "decline").waiting == []

        answered: dict[str, list[str]] = {}
        for thread, count in (("k-confirm", 2), ("k-ship", 2), ("k-note", 1), ("k-unread", 1)):
            for event in events.stream(client, thread, after=0):
                if event.type_ == models.EventType.ANSWER:
                    data = event.data.additional_properties
                    answered.setdefault(thread, []).append(f"{data['kind']}:{data['decision']}")
                    if len(answered[thread]) == count:
                        break
    assert answered == {
        "k-confirm": ["confirm:approve", "saga_stuck:abandon"],
        "k-ship": ["confirm:approve", "outcome_unknown:happened"],
        "k-note": ["ask:answer"],
        "k-unread": ["delegate:decline"],
    }


def test_the_event_reader_joins_data_lines_and_skips_pings(installed: str) -> None:
    events = load("events")
    frame = (
        '{"id": 7, "thread": "t", "run": null, "type": "turn",\n'
        '"at": "2026-12-03T09:00:00+00:00", "data": {"text": "hi"}}'
    )
    lines = [": ping", "", "id: 7", "event: turn"]
    lines += [f"data: {part}" for part in frame.split("\n")] + [""]
    [event] = list(events.events(lines))
    assert (event.id, event.type_, event.run) == (7, "turn", None)
    assert event.data.additional_properties == {"text": "hi"}


def test_the_readme_samples_run_as_written_against_the_host(
    installed: str, contract_agent: Path
) -> None:
    readme = (CLIENT / "README.md").read_text(encoding="utf-8")
    code = "\n".join(re.findall(r"```python\n(.*?)```", readme, re.S))
    with stalwart_serve(contract_agent, env={}) as url:
        done = subprocess.run(
            [sys.executable, "-c", code.replace("http://127.0.0.1:8700", url)],
            capture_output=True,
            text=True,
            timeout=60,
            env={**os.environ, "PYTHONPATH": installed},
        )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1].split(" ", 2)[1] == "reply"
    assert len(calls("charge")) == 1
