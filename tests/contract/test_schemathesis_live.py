"""Schemathesis's own command line against a real `stalwart serve`, every check on."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from .conftest import OPERATOR_TOKEN, SPEC, stalwart_serve

ST = Path(sys.executable).with_name("st")
CONFIG = Path(__file__).with_name("schemathesis.toml")


def test_stalwart_serve_keeps_the_contract_under_every_check(contract_agent: Path) -> None:
    # POST /phone, as the owner, makes the phone listener's certificate: in the test's folder.
    env = {
        "QLS_OPERATOR_TOKEN": OPERATOR_TOKEN,
        "XDG_CONFIG_HOME": str(contract_agent.parent / "xdg"),
    }
    with stalwart_serve(contract_agent, env=env) as url:
        done = subprocess.run(
            [
                str(ST),
                f"--config-file={CONFIG}",
                "--no-color",
                "run",
                str(SPEC),
                f"--url={url}",
                "--checks=all",
                "--workers=1",
            ],
            capture_output=True,
            text=True,
            timeout=1500,
        )
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]
    assert "Stateful" in done.stdout
