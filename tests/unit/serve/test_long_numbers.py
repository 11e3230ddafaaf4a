"""A number too long to hold, in a turn, on either store: a reply, never a 500 (issue 30)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
import yaml
from starlette.testclient import TestClient

from .helpers import store_as_url

HUGE = "100000000000000000000000000000"


@pytest.fixture
def stored_agent(contract_agent: Path, store_url: str) -> Path:
    """The contract agent, its runs in the test's store."""
    spec = yaml.safe_load(contract_agent.read_text(encoding="utf-8"))
    spec["storage"] = store_as_url(store_url)
    contract_agent.write_text(yaml.safe_dump(spec, sort_keys=False), encoding="utf-8")
    return contract_agent


@pytest.mark.parametrize(
    ("text", "language"),
    [(f"charge {HUGE} to order 4411", "en"), (f"cobrar {HUGE} do pedido 4411", "pt-BR")],
)
def test_a_thirty_digit_amount_gets_a_reply_and_no_amount(
    stored_agent: Path, serve: Callable[..., TestClient], text: str, language: str
) -> None:
    client = serve()
    response = client.post("/threads/t-1/messages", json={"text": text, "language": language})

    assert response.status_code == 200, response.text
    shown = [a for w in response.json()["waiting"] for a in w.get("arguments", [])]
    assert all(a["name"] != "amount" for a in shown)
