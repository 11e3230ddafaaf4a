"""What a start costs: the MCP SDK is a second of imports, paid only by a file that uses it."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

SHOP = Path(__file__).resolve().parents[2] / "examples" / "shop"
# Serves the agent file named on the command line, through its lifespan, then names every module
# of the MCP SDK that got imported.
SERVE_THEN_LIST = """
import sys
from starlette.testclient import TestClient
from stalwart_agents.serve import make_app
with TestClient(make_app(sys.argv[1])) as client:
    assert client.get("/healthz").status_code == 200
print(sorted(name for name in sys.modules if name.partition(".")[0] in ("mcp", "mcp_types")))
"""


def test_serving_a_file_without_mcp_servers_never_imports_the_sdk(tmp_path: Path) -> None:
    shop = shutil.copytree(SHOP, tmp_path / "shop", ignore=shutil.ignore_patterns("*.db"))
    served = subprocess.run(
        [sys.executable, "-c", SERVE_THEN_LIST, str(shop / "agent.yaml")],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert served.returncode == 0, served.stderr
    assert served.stdout.strip() == "[]"
