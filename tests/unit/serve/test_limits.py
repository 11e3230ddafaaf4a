"""A worker lifts its open-files soft limit: a thousand streams fit where 1,024 is the default."""

from __future__ import annotations

import json
import resource
import subprocess
import sys

import pytest

from stalwart_agents.serve._limits import YOUNG_COLLECTION

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


def test_a_worker_collects_its_youngest_objects_less_often_than_cpythons_default() -> None:
    """The older generations keep CPython's pace; only the youngest one's changes."""
    read = (
        "import gc, json\n"
        "before = gc.get_threshold()\n"
        "from stalwart_agents.serve._limits import space_young_collections\n"
        "space_young_collections()\n"
        "print(json.dumps([before, gc.get_threshold()]))\n"
    )
    done = subprocess.run([sys.executable, "-c", read], capture_output=True, text=True, check=True)
    before, after = json.loads(done.stdout)
    assert after == [YOUNG_COLLECTION, *before[1:]]
    assert before[0] < YOUNG_COLLECTION
