"""axe-core from npm, run inside a page: the serious and critical violations it finds."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

AXE = Path(__file__).resolve().parents[2] / "js/agent-ui/node_modules/axe-core/axe.min.js"

_RUN = """
async () => {
  const results = await axe.run(document, { resultTypes: ["violations"] });
  return results.violations
    .filter((violation) => ["serious", "critical"].includes(violation.impact))
    .map(({ id, impact, help, nodes }) => ({
      id, impact, help, targets: nodes.map((node) => node.target),
    }));
}
"""


def serious_violations(page: Page) -> list[dict[str, Any]]:
    """Evaluated through the debugger, so a page's strict CSP need not let a script tag in."""
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: cd js/agent-ui && npm ci")
    page.evaluate(AXE.read_text(encoding="utf-8"))
    found: list[dict[str, Any]] = page.evaluate(_RUN)
    return found


_IDS = """
async () => {
  const results = await axe.run(document, { resultTypes: ["violations"] });
  return Object.fromEntries(results.violations.map(({ id, impact }) => [id, impact]));
}
"""


def violation_ids(page: Page) -> dict[str, str]:
    """Every rule axe finds broken, of any impact, with its impact."""
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: cd js/agent-ui && npm ci")
    page.evaluate(AXE.read_text(encoding="utf-8"))
    found: dict[str, str] = page.evaluate(_IDS)
    return found
