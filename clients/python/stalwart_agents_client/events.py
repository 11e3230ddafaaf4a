"""A thread's event stream as typed events: the generated stream_events would read forever."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from urllib.parse import quote

from . import errors
from .client import AuthenticatedClient, Client
from .models.stream_event import StreamEvent

__all__ = ["events", "stream"]


def events(lines: Iterable[str]) -> Iterator[StreamEvent]:
    """Each server-sent event in `lines` as a StreamEvent; comments (the pings) are skipped."""
    data: list[str] = []
    for line in lines:
        if not line:
            if data:
                yield StreamEvent.from_dict(json.loads("\n".join(data)))
            data = []
            continue
        name, _, value = line.partition(":")
        if name == "data":
            data.append(value.removeprefix(" "))


def stream(
    client: Client | AuthenticatedClient, thread: str, *, after: int | None = None
) -> Iterator[StreamEvent]:
    """The thread's events as they arrive, after the event id `after`; stop reading to close it.

    Raises:
        errors.UnexpectedStatus: the server answered anything but 200 (404 for no such thread).
    """
    headers = {"Accept": "text/event-stream"}
    if after is not None:
        headers["Last-Event-ID"] = str(after)
    url = f"/threads/{quote(thread, safe='')}/stream"
    with client.get_httpx_client().stream("GET", url, headers=headers) as response:
        if response.status_code != 200:
            raise errors.UnexpectedStatus(response.status_code, response.read())
        yield from events(response.iter_lines())
