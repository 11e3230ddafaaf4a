"""docs/agent.schema.json, which codegen writes from the models that load agent.yaml."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from stalwart_agents.scaffold import write_scaffold

REPO = Path(__file__).resolve().parents[2]
SCHEMA = json.loads((REPO / "docs" / "agent.schema.json").read_text(encoding="utf-8"))


def _problems(document: Any) -> list[str]:
    validator = jsonschema.Draft202012Validator(SCHEMA)
    return [
        f"{list(error.absolute_path)}: {error.message}" for error in validator.iter_errors(document)
    ]


def test_the_schema_is_itself_valid() -> None:
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


@pytest.mark.parametrize("example", ["shop", "mcp"])
def test_an_example_agent_validates(example: str) -> None:
    document = yaml.safe_load((REPO / "examples" / example / "agent.yaml").read_text("utf-8"))
    assert _problems(document) == []


def test_the_agent_init_writes_validates(tmp_path: Path) -> None:
    write_scaffold(tmp_path / "notes")
    assert _problems(yaml.safe_load((tmp_path / "notes" / "agent.yaml").read_text("utf-8"))) == []


def test_a_misspelt_key_is_refused() -> None:
    (problem,) = _problems({"agents": [{"name": "a"}], "tool": {}})
    assert "'tool' was unexpected" in problem


def test_an_expression_is_a_string() -> None:
    rules = {"confirm": [{"reason": "big", "when": 42}]}
    assert _problems({"agents": [{"name": "a"}], "rules": rules}) == [
        "['rules', 'confirm', 0, 'when']: 42 is not of type 'string'"
    ]


def test_an_mcp_server_is_described() -> None:
    server = SCHEMA["$defs"]["ServerSpec"]["properties"]
    assert {"command", "url", "headers", "untrusted"} <= set(server)
