"""GET /threads/{id}/stream: the thread's events as server-sent events, live from any worker."""

from __future__ import annotations

from collections.abc import AsyncGenerator, AsyncIterator

from sse_starlette import EventSourceResponse, ServerSentEvent
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from stalwart_agents._generated.models import StreamEvent
from stalwart_agents.errors import NotFound
from stalwart_agents.serve._bodies import last_event_id, thread_id
from stalwart_agents.serve._state import Host, host_of

__all__ = ["STREAM_ROUTE", "stream"]


async def stream(request: Request) -> Response:
    """GET /threads/{id}/stream; each event's SSE id is its per-thread sequence number."""
    thread = thread_id(request)
    after = last_event_id(request)
    host = host_of(request)
    await host.admit(request)
    desk = await host.open_door()
    if not await desk.store.thread_exists(thread):
        raise NotFound(f"There is no thread {thread!r}.")
    return EventSourceResponse(_frames(host, thread, after), ping=host.ping)


async def _frames(host: Host, thread: str, after: int) -> AsyncIterator[ServerSentEvent]:
    # Closed explicitly: a cancelled `async for` leaves its generator open, and with it the
    # store's LISTEN connection, until the garbage collector gets to it.
    events = host.desk.listen(thread, after)
    host.streams.add(1)
    try:
        async for record in events:
            event = StreamEvent.model_validate(record)
            yield ServerSentEvent(data=event.model_dump_json(), event=event.type, id=str(event.id))
    finally:
        host.streams.add(-1)
        if isinstance(events, AsyncGenerator):
            await events.aclose()


STREAM_ROUTE = Route("/threads/{id:path}/stream", stream, methods=["GET"])
