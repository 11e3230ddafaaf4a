"""Schemathesis against make_app in process: every phase, the spec's links included, every check."""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest
import schemathesis
import yaml
from schemathesis.config import SchemathesisConfig
from schemathesis.core.result import Ok
from schemathesis.generation.stateful.state_machine import StepOutput
from schemathesis.schemas import BaseSchema
from schemathesis.specs.openapi.stateful.links import OpenApiLink
from starlette.applications import Starlette

from stalwart_agents.serve import make_app

from .conftest import OPERATOR_TOKEN, SPEC, copy_agent
from .schemathesis_run import findings

CONFIG = Path(__file__).with_name("schemathesis.toml")
# The spec gives no examples, so the examples phase has nothing to run.
PHASES = {"coverage", "fuzzing", "stateful"}
# A turn the contract agent pauses on: a charge waits for a person's confirmation.
PAUSING_TURN = "charge 40 to order 7021"
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


def follow(step: StepOutput, name: str, **rest: object) -> StepOutput:
    """Call what the spec's link builds from the step's response, with the rest of the body."""
    status = str(step.response.status_code)
    source = step.case.operation
    definition = source.definition.raw["responses"][status]["links"][name]
    link = OpenApiLink(name, status, definition, source)
    transition = link.extract(step)
    values: dict[str, dict[str, object]] = {}
    for container, extracted in transition.parameters.items():
        values[container] = {}
        for parameter, value in extracted.items():
            assert isinstance(value.value, Ok), (name, parameter, value.value)
            values[container][parameter] = value.value.ok()
    linked = transition.request_body
    body = {}
    if linked is not None:
        assert isinstance(linked.value, Ok), (name, linked.value)
        body = linked.value.ok() | rest
    case = link.target.Case(
        path_parameters=values.get("path_parameters"),
        headers=values.get("headers"),
        query=values.get("query"),
        **({"body": body} if body else {}),
    )
    return StepOutput(case.call_and_validate(), case)


def test_the_app_keeps_the_contract_under_every_check(app: Starlette) -> None:
    run = findings(schema_for(app))
    assert run.failures == [], "\n\n".join(run.failures)
    assert set(run.scenarios) >= PHASES, run.scenarios


def test_the_links_answer_a_pause_thumb_its_reply_and_read_its_record(app: Starlette) -> None:
    turn = schema_for(app)["/threads/{id}/messages"]["POST"]
    case = turn.Case(path_parameters={"id": "linked"}, body={"text": PAUSING_TURN})
    asked = StepOutput(case.call_and_validate(), case)
    assert asked.response.json()["waiting"], asked.response.json()
    answered = follow(asked, "ResumeFirstWaiting")
    assert answered.response.status_code == 200, answered.response.text
    assert follow(answered, "Feedback", thumb="up").response.status_code == 204
    decisions = follow(answered, "ListDecisions")
    assert decisions.response.status_code == 200, decisions.response.text
    assert len(decisions.response.json()["decisions"]) == 1
