"""What the door's tests share: a turn, an answer and a resume."""

from __future__ import annotations

from typing import Any

import httpx
from starlette.applications import Starlette

THREAD = "t-1"
CONFIG: Any = {"configurable": {"thread_id": THREAD}}


async def turn(app: Starlette, thread: str = THREAD) -> Any:
    """Run the graph's turn through the app's door; give the reply as JSON."""
    reply = await app.state.door.invoke({"done": []}, {"configurable": {"thread_id": thread}})
    return reply.model_dump(mode="json")


def answer(pause: dict[str, Any], decision: str = "approve", **changes: Any) -> dict[str, Any]:
    """The resume body for a listed pause, with any field changed."""
    return {"interrupt_id": pause["id"], "token": pause["token"], "decision": decision, **changes}


async def resume(client: httpx.AsyncClient, body: dict[str, Any], thread: str = THREAD) -> Any:
    return await client.post(f"/threads/{thread}/resume", json=body)
