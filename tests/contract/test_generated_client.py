"""A client generated from spec/openapi.yaml at test time drives a whole pause against the host."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from contract_tools import calls

from .conftest import SPEC, stalwart_serve

GENERATOR = Path(sys.executable).with_name("openapi-python-client")
PACKAGE = "stalwart_contract_client"


@pytest.fixture
def generated(tmp_path: Path) -> Iterator[str]:
    """Generate the client package into tmp_path and make it importable; forget it afterwards."""
    config = tmp_path / "generator.yaml"
    # No formatter run after generating: the client is read by this test, not by people.
    config.write_text("post_hooks: []\n", encoding="utf-8")
    subprocess.run(
        [
            str(GENERATOR),
            "generate",
            f"--path={SPEC}",
            f"--output-path={tmp_path / PACKAGE}",
            "--meta=none",
            f"--config={config}",
        ],
        check=True,
        capture_output=True,
        timeout=300,
    )
    sys.path.insert(0, str(tmp_path))
    try:
        yield PACKAGE
    finally:
        sys.path.remove(str(tmp_path))
        for name in [name for name in sys.modules if name.startswith(PACKAGE)]:
            del sys.modules[name]


def load(package: str, name: str) -> ModuleType:
    return importlib.import_module(f"{package}.{name}")


def test_a_turn_its_pause_and_an_approval_through_the_generated_client(
    generated: str, contract_agent: Path
) -> None:
    client_module = load(generated, "client")
    post_message = load(generated, "api.threads.post_message")
    list_interrupts = load(generated, "api.threads.list_interrupts")
    resume = load(generated, "api.threads.resume")
    models = load(generated, "models")

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

        answer = models.ResumeRequest(
            interrupt_id=pause.id, decision=models.Decision.APPROVE, token=pause.token
        )
        carried = resume.sync("c-1", client=client, body=answer)
        assert isinstance(carried, models.TurnReply)
        assert carried.waiting == []

        ran = None
        with client.get_httpx_client().stream("GET", "/threads/c-1/stream") as stream:
            for line in stream.iter_lines():
                if line.startswith("data: "):
                    event = json.loads(line.removeprefix("data: "))
                    if event["type"] == "call":
                        ran = event["data"]
                        break
    assert ran is not None
    assert ran["tool"] == "charge"
    assert len(calls("charge")) == 1
