"""Where the shop example is, put on the import path as `stalwart serve` puts an agent's folder."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

SHOP_DIR = Path(__file__).parents[3] / "examples" / "shop"
AGENT_FILE = SHOP_DIR / "agent.yaml"

# The agent file names its tools `tools:…`, imported from its own folder.
if str(SHOP_DIR) not in sys.path:
    sys.path.insert(0, str(SHOP_DIR))

Query = Callable[..., list[dict[str, Any]]]
"""Run SQL on the test's shop database and get its rows as dicts."""
