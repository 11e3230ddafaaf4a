"""Helpers the serve tests share: the contract agent's folder, a turn that must succeed, and a
store as agent.yaml names it."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import quote, urlencode

from psycopg.conninfo import conninfo_to_dict
from starlette.testclient import TestClient

FIXTURES = Path(__file__).resolve().parents[2] / "contract" / "fixtures"
CHARGE = "charge 40 to order 4411"


def turn(client: TestClient, thread: str = "t-1", text: str = CHARGE, **headers: str) -> Any:
    """Send a turn and give its JSON, failing the test on anything but 200."""
    response = client.post(f"/threads/{thread}/messages", json={"text": text}, headers=headers)
    assert response.status_code == 200, response.text
    return response.json()


def store_as_url(store_url: str) -> str:
    """agent.yaml's storage: for the test's store; a PostgreSQL DSN becomes a libpq URI."""
    if store_url.endswith(".db"):
        return f"sqlite:///{store_url}"
    return "postgresql:///?" + urlencode(conninfo_to_dict(store_url), quote_via=quote)
