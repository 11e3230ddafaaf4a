"""Helpers the serve tests share: the contract agent's folder, and a turn that must succeed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

FIXTURES = Path(__file__).resolve().parents[2] / "contract" / "fixtures"
CHARGE = "charge 40 to order 4411"


def turn(client: TestClient, thread: str = "t-1", text: str = CHARGE, **headers: str) -> Any:
    """Send a turn and give its JSON, failing the test on anything but 200."""
    response = client.post(f"/threads/{thread}/messages", json={"text": text}, headers=headers)
    assert response.status_code == 200, response.text
    return response.json()
