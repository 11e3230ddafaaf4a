"""A worker lifts its open-files soft limit: a thousand streams fit where 1,024 is the default."""

from __future__ import annotations

import json
import resource
import subprocess
import sys

import pytest

READ = (
    "import json, resource\n"
    "from stalwart_agents.serve._limits import raise_open_files\n"
    "raised = raise_open_files()\n"
    "print(json.dumps([raised, *resource.getrlimit(resource.RLIMIT_NOFILE)]))\n"
)


@pytest.mark.skipif(sys.platform == "win32", reason="Windows has no RLIMIT_NOFILE")
def test_the_soft_limit_on_open_files_is_lifted_to_the_hard_one() -> None:
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard <= 256:
        pytest.skip("The hard limit leaves nothing to lift.")

    def low() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (256, hard))

    done = subprocess.run(
        [sys.executable, "-c", READ], preexec_fn=low, capture_output=True, text=True, check=True
    )
    raised, soft, kept_hard = json.loads(done.stdout)
    assert kept_hard == hard
    assert soft == raised
    assert soft > 256
