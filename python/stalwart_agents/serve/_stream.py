"""GET /threads/{id}/stream: the thread's events as server-sent events, live from any worker."""

from __future__ import annotations

import weakref
from collections.abc import AsyncGenerator, AsyncIterator

from sse_starlette import EventSourceResponse, ServerSentEvent
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from stalwart_agents._generated.models import StreamEvent
from stalwart_agents.errors import NotFound
from stalwart_agents.serve._bodies import THREAD_PATH, last_event_id, thread_id
from stalwart_agents.serve._state import Host, host_of
from stalwart_agents.store import EventLog, EventRecord

__all__ = ["STREAM_ROUTE", "stream"]


async def stream(request: Request) -> Response:
    """GET /threads/{id}/stream; each event's SSE id is its per-thread sequence number."""
    thread = thread_id(request)
    after = last_event_id(request)
    host = host_of(request)
    await host.admit(request)
    desk = await host.open_door()
    if not await desk.roles.runs.thread_exists(thread):
        raise NotFound(f"There is no thread {thread!r}.")
    return EventSourceResponse(_frames(host, thread, after), ping=host.ping)


class _Frames:
    """Each event's SSE frame, encoded once for every stream of its store that sends it."""

    SIZE = 4096

    def __init__(self) -> None:
        self._frames: dict[tuple[str, int], bytes] = {}

    def frame(self, record: EventRecord) -> bytes:
        key = (record["thread"], record["id"])
        frame = self._frames.get(key)
        if frame is None:
            event = StreamEvent.model_validate(record)
            frame = ServerSentEvent(
                data=event.model_dump_json(), event=event.type, id=str(event.id)
            ).encode()
            if len(self._frames) >= self.SIZE:
                # The oldest frame goes: a thread's streams send an event at about the same time.
                del self._frames[next(iter(self._frames))]
            self._frames[key] = frame
        return frame


# One cache per store: the same thread name in two stores is two threads.
_FRAMES: weakref.WeakKeyDictionary[EventLog, _Frames] = weakref.WeakKeyDictionary()


async def _frames(host: Host, thread: str, after: int) -> AsyncIterator[bytes]:
    """The thread's events, each batch the store reads in one write."""
    store = host.desk.roles.events
    frames = _FRAMES.setdefault(store, _Frames())
    # Closed explicitly: a cancelled `async for` leaves its generator open, and with it the
    # thread's place in the store's feed, until the garbage collector gets to it.
    batches = store.listen_batches(thread, after)
    host.streams.add(1)
    try:
        async for batch in batches:
            yield b"".join(frames.frame(record) for record in batch)
    finally:
        host.streams.add(-1)
        if isinstance(batches, AsyncGenerator):
            await batches.aclose()


STREAM_ROUTE = Route(f"{THREAD_PATH}/stream", stream, methods=["GET"])
