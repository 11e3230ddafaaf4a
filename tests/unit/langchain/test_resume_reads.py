"""An answer through the door's routes reads the graph's state once before its claim."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx
import pytest
from starlette.applications import Starlette

from .conftest import Worker
from .helpers import answer, resume, turn

Client = Callable[[Starlette], httpx.AsyncClient]


async def test_an_answer_naming_its_kind_reads_the_graph_s_state_once_before_its_claim(
    worker: Worker, client_of: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = await worker()
    charge = (await turn(app))["waiting"][0]
    runner = app.state.door.runner
    reads: list[str] = []
    state = runner.state

    async def counted(config: Any) -> Any:
        reads.append("state")
        return await state(config)

    monkeypatch.setattr(runner, "state", counted)
    response = await resume(client_of(app), answer(charge, kind="confirm"))
    assert response.status_code == 200, response.text
    # One read checks the answer; the other is the reply's, after the graph ran.
    assert reads == ["state", "state"]
