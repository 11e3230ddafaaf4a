"""Schemathesis against make_app in process: every phase, the spec's links included, every check."""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest
import schemathesis
import yaml
from schemathesis.config import SchemathesisConfig
from schemathesis.schemas import BaseSchema
from starlette.applications import Starlette

from stalwart_agents.serve import make_app

from .conftest import OPERATOR_TOKEN, SPEC, copy_agent
from .schemathesis_run import findings

CONFIG = Path(__file__).with_name("schemathesis.toml")
# The spec gives no examples, so the examples phase has nothing to run.
PHASES = {"coverage", "fuzzing", "stateful"}
# What the spec's links must let the stateful phase do for real: answer a pause, thumb a reply
# and read the decision that answer recorded.
LINKED = {
    ("POST /threads/{id}/resume", 200),
    ("POST /threads/{id}/feedback", 204),
    ("GET /threads/{id}/decisions", 200),
}
# A step follows each part of a link by chance (an optional header about half the time), so one
# round can miss a chain that works. A round of the stateful phase alone, mostly the reading of
# event streams (1.5 s each, schemathesis.toml), runs only when the rounds before missed a status.
STATEFUL_ROUNDS = 6
# The variable the contract agent's model reads its key from, unset throughout.
NO_KEY = "STALWART_CONTRACT_NO_KEY"


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Starlette]:
    """The contract agent on SQLite; its tools record their calls beside it."""
    agent = copy_agent(tmp_path / "agent")
    monkeypatch.setenv("CONTRACT_CALLS_URL", f"sqlite:///{agent.parent / 'calls.db'}")
    # A model whose key the owner has not added yet: any text nothing reads pauses on delegate,
    # so the stateful phase has a pause to answer, and approving it reaches no network.
    monkeypatch.delenv(NO_KEY, raising=False)
    spec = yaml.safe_load(agent.read_text(encoding="utf-8"))
    spec["agents"][0]["model"] = {"provider": "openai", "model": "contract", "api_key_env": NO_KEY}
    agent.write_text(yaml.safe_dump(spec, sort_keys=False), encoding="utf-8")
    yield make_app(agent, operator_token=OPERATOR_TOKEN, ping=1.0)


def schema_for(app: Starlette, *, only: str | None = None) -> BaseSchema:
    """The spec, configured as the live test runs it, with one phase alone where named."""
    settings = tomllib.loads(CONFIG.read_text())
    if only is not None:
        off = {phase: {"enabled": False} for phase in ("examples", *PHASES) if phase != only}
        settings["phases"] = settings.get("phases", {}) | off
    schema = schemathesis.openapi.from_path(SPEC, config=SchemathesisConfig.from_dict(settings))
    schema.app = app
    return schema


def test_the_app_keeps_the_contract_under_every_check(app: Starlette) -> None:
    run = findings(schema_for(app))
    assert run.failures == [], "\n\n".join(run.failures)
    assert set(run.scenarios) >= PHASES, run.scenarios
    reached = set(run.stateful)
    for _ in range(STATEFUL_ROUNDS):
        if reached >= LINKED:
            break
        more = findings(schema_for(app, only="stateful"))
        assert more.failures == [], "\n\n".join(more.failures)
        reached |= set(more.stateful)
    assert reached >= LINKED, reached
