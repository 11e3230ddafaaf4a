"""The pytest a reader runs on the agent `stalwart init` wrote: without this project's own plugins.

schemathesis (which loads hypothesis), hypothesis and langsmith's plugin come with the project's
dev and langgraph extras, not with `pip install stalwart-agents`; this venv loading them cost a
`python -m pytest notes` half its CPU (7.9 s of it, 4.1 s without them).
"""

from __future__ import annotations

from collections.abc import Mapping

PROJECT_PLUGINS = ("schemathesis", "hypothesispytest", "langsmith_plugin")


def as_a_reader(env: Mapping[str, str]) -> dict[str, str]:
    """`env` with the project's own pytest plugins left out of every pytest it starts."""
    blocked = " ".join(f"-p no:{name}" for name in PROJECT_PLUGINS)
    return {**env, "PYTEST_ADDOPTS": f"{env.get('PYTEST_ADDOPTS', '')} {blocked}".strip()}
